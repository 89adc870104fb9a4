import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "handover-short-code-secret-handover-short";
  process.env.APP_URL = "https://market.example";
});

import {
  handoverShortCode,
  parseHandoverShortCode,
  signHandoverToken,
  verifyHandoverShortSignature,
} from "./handover-code";

describe("the handover short code", () => {
  it("is the order id and 8 Crockford base32 characters, the same each time", () => {
    const code = handoverShortCode(1042, 3);
    expect(code).toMatch(/^1042-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(handoverShortCode(1042, 3)).toBe(code);
    // Its own label: never a piece of the QR code's token.
    expect(signHandoverToken(1042, 3)).not.toContain(code.slice(5, 9));
  });

  it("is bound to the order and to the farm", () => {
    const parsed = parseHandoverShortCode(handoverShortCode(1042, 3))!;
    expect(parsed.orderId).toBe(1042);
    expect(verifyHandoverShortSignature(1042, 3, parsed.signature)).toBe(true);
    expect(verifyHandoverShortSignature(1042, 4, parsed.signature)).toBe(false);
    expect(verifyHandoverShortSignature(1043, 3, parsed.signature)).toBe(false);
  });

  it("is read leniently: case, spaces, dashes, O for 0 and I or L for 1", () => {
    const code = handoverShortCode(7, 9);
    const signature = code.slice(2).replace("-", "");
    const sloppy = ` ${code.toLowerCase().replace(/-/g, " ")} `;
    expect(parseHandoverShortCode(sloppy)).toEqual({ orderId: 7, signature });
    const withLookalikes = signature.replace(/0/g, "o").replace(/1/g, "l");
    expect(parseHandoverShortCode(`7-${withLookalikes}`)).toEqual({ orderId: 7, signature });
  });

  it.each(["", "hello", "1042", "1042-ABCD", "0-ABCD-EFGH", "1042-ABCD-EFGH-X", "https://x.y/z"])(
    "refuses %j as a short code",
    (text) => {
      expect(parseHandoverShortCode(text)).toBeNull();
    },
  );
});
