import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "signature-test-secret-signature-test-secret-01";
  process.env.APP_URL = "https://market.example";
});

import { createDeviceCookieValue, readDeviceCookie } from "@/server/auth/device-cookie";
import { signRecipientEmail, verifyRecipientEmail } from "@/server/messaging/recipient-token";
import { signNotificationLink, verifyNotificationLink } from "@/server/notifications/sign";
import { signHandoverToken, verifyHandoverToken } from "@/server/orders/handover-code";
import { sameSignature } from "./same-signature";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Every other spelling of the same bytes: the last character with its dropped low bits changed
 * (`dropped` of them: 2 for 32 bytes in 43 characters, 4 for 16 bytes in 22).
 */
function respellings(signature: string, dropped: number): string[] {
  const last = ALPHABET.indexOf(signature.at(-1)!);
  const spellings: string[] = [];
  for (let low = 0; low < 1 << dropped; low++) {
    const index = (last & ~((1 << dropped) - 1)) | low;
    if (index !== last) spellings.push(signature.slice(0, -1) + ALPHABET[index]);
  }
  return spellings;
}

describe("sameSignature", () => {
  it("takes the same text only", () => {
    expect(sameSignature("abc", "abc")).toBe(true);
    expect(sameSignature("abd", "abc")).toBe(false);
    expect(sameSignature("ab", "abc")).toBe(false);
    expect(sameSignature("", "")).toBe(true);
  });

  it("spells a signature's bytes several ways, which decoding cannot tell apart", () => {
    const signature = signNotificationLink("promotion", "demo_customer");
    const others = respellings(signature, 2);
    expect(others).toHaveLength(3);
    for (const other of others)
      expect(Buffer.from(other, "base64url")).toEqual(Buffer.from(signature, "base64url"));
  });
});

// Each signed link or cookie the server reads takes its own signature and refuses every other
// spelling of it (before: each of these was accepted, a forged link "with its last character
// changed" in the security suite about one run in twenty).
describe.each([
  {
    name: "unsubscribe links",
    dropped: 2,
    sign: () => signNotificationLink("promotion", "demo_customer"),
    verify: (sig: string) => verifyNotificationLink("promotion", "demo_customer", sig),
  },
  {
    name: "handover codes",
    dropped: 4,
    sign: () => signHandoverToken(41, 7),
    verify: (token: string) => verifyHandoverToken(41, 7, token),
  },
  {
    name: "recipient tokens",
    dropped: 2,
    sign: () => signRecipientEmail("ada@example.com"),
    verify: (token: string) => verifyRecipientEmail("ada@example.com", token),
  },
])("$name", ({ dropped, sign, verify }) => {
  it("take their own signature and no other spelling of it", () => {
    const signature = sign();
    expect(verify(signature)).toBe(true);
    const others = respellings(signature, dropped);
    expect(others.length).toBe((1 << dropped) - 1);
    for (const other of others) expect(verify(other)).toBe(false);
  });
});

describe("device cookies", () => {
  it("take their own signature and no other spelling of it", () => {
    const value = createDeviceCookieValue(12);
    expect(readDeviceCookie(value)).toMatchObject({ memberId: 12 });
    for (const other of respellings(value, 2)) expect(readDeviceCookie(other)).toBeNull();
  });
});
