/**
 * Two-step sign-in on the wire (decision 0053), without zod so the login form and the admin tools
 * load none (the schemas are in lib/auth/second-factor-schema.ts). next-auth hands the login form
 * one of these codes when the password was right and a second factor is due: `verify` asks for a
 * code, `enrol` (an admin without one yet) sets one up first.
 */
export const SECOND_FACTOR_ERRORS = {
  verify: "SECOND_FACTOR_VERIFY",
  enrol: "SECOND_FACTOR_ENROL",
} as const;

export type SecondFactorPurpose = keyof typeof SECOND_FACTOR_ERRORS;

export function secondFactorPurposeOf(
  error: string | null | undefined,
): SecondFactorPurpose | null {
  if (error === SECOND_FACTOR_ERRORS.verify) return "verify";
  if (error === SECOND_FACTOR_ERRORS.enrol) return "enrol";
  return null;
}

/** The field name of a 403 that asks the signed-in admin for a fresh code (a step-up). */
export const STEP_UP_FIELD = "secondFactor";
