import "server-only";
import { hash, verify } from "@node-rs/argon2";

/**
 * Password hashing for every place that stores or checks one (sign-in, registration, password
 * change and reset). argon2id with the library defaults (19 MiB, 2 passes, parallelism 1) meets the
 * OWASP minimum (notes/security.md); the encoded hash carries its own parameters and salt.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches `passwordHash`. A malformed hash is a mismatch, never a throw. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Runs one verify against a throwaway hash, so a sign-in or a forgot-password request for an
 * unknown account takes about as long as one for a real account (no timing oracle on accounts).
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash("dummy-password-for-timing-only");
  await verifyPassword(await dummyHash, password);
}
