import "server-only";
import { createHash, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { SITE_NAME } from "@/lib/site";

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off still signs in. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper is read back without guessing.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export type CodeKind = "totp" | "recovery";

/** What a person typed, as a TOTP code or a recovery code, or null for neither shape. */
export function readCode(typed: string): { kind: CodeKind; value: string } | null {
  const compact = typed.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", value: compact };
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_ALPHABET.includes(c)))
    return { kind: "recovery", value: compact };
  return null;
}

/**
 * The step a code is valid for, or null. `afterStep` refuses that step and any older one, so a
 * code seen over a shoulder or in a log cannot be used again (the caller stores the step).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // otplib's TOTP results carry the step; its union type with HOTP results does not say so.
  return result.valid && "timeStep" in result ? (result.timeStep as number) : null;
}

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, accountName: string): string {
  return generateURI({ issuer: SITE_NAME, label: accountName, secret });
}

/** The QR code of `uri` as an SVG document (drawn inline; no image request, no third party). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
}

/** Ten codes like `k7mq2-xr9tb`, shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = "";
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Only this is stored: codes are random (50 bits) and tries are rate limited, so no slow hash. */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");
}
