import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  SHELL_TIME_SCRIPT,
  SHELL_TIME_SCRIPT_HASH,
  cachedPagePolicy,
  newNonce,
  strictPolicy,
} from "./content-security-policy";

const scriptSrc = (policy: string) =>
  policy.split("; ").find((directive) => directive.startsWith("script-src "))!;

describe("the Content Security Policy (decision 0025)", () => {
  it("lets a signed-in page run inline scripts only by its nonce or the shell script's hash", () => {
    const nonce = newNonce();
    const directive = scriptSrc(strictPolicy(nonce));
    expect(directive).toContain(`'nonce-${nonce}'`);
    expect(directive).toContain(`'${SHELL_TIME_SCRIPT_HASH}'`);
    expect(directive).not.toContain("unsafe-inline");
    expect(directive).not.toContain("unsafe-eval");
  });

  it("keeps 'unsafe-inline' only for the pages served from the cache", () => {
    expect(scriptSrc(cachedPagePolicy)).toContain("'unsafe-inline'");
  });

  it("makes a new, unguessable nonce every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("hashes the shell script React writes today", () => {
    const hash = createHash("sha256").update(SHELL_TIME_SCRIPT).digest("base64");
    expect(SHELL_TIME_SCRIPT_HASH).toBe(`sha256-${hash}`);
    // The React builds Next bundles for the server render the pages (the experimental one with
    // Cache Components); their shell script must be this one.
    for (const build of ["react-dom", "react-dom-experimental"]) {
      const reactDomServer = readFileSync(
        path.join(
          process.cwd(),
          `node_modules/next/dist/compiled/${build}/cjs/react-dom-server.node.production.js`,
        ),
        "utf8",
      );
      expect(reactDomServer).toContain(JSON.stringify(SHELL_TIME_SCRIPT));
    }
  });

  it("refuses objects, framing and foreign form targets in both forms", () => {
    for (const policy of [cachedPagePolicy, strictPolicy(newNonce())]) {
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("form-action 'self'");
      expect(policy).toContain("base-uri 'self'");
    }
  });
});
