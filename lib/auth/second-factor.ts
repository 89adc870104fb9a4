import { z } from "zod";
import { signInSchema } from "@/lib/auth/login-schema";
import { MSG } from "@/lib/validation/messages";

/**
 * Two-step sign-in on the wire (decision 0053). next-auth hands the login form one of these codes
 * when the password was right and a second factor is due: `verify` asks for a code, `enrol` (an
 * admin without one yet) sets one up first.
 */
export const SECOND_FACTOR_ERRORS = {
  verify: "SECOND_FACTOR_VERIFY",
  enrol: "SECOND_FACTOR_ENROL",
} as const;

export type SecondFactorPurpose = keyof typeof SECOND_FACTOR_ERRORS;

export function secondFactorPurposeOf(error: string | null | undefined): SecondFactorPurpose | null {
  if (error === SECOND_FACTOR_ERRORS.verify) return "verify";
  if (error === SECOND_FACTOR_ERRORS.enrol) return "enrol";
  return null;
}

/** A 6-digit code from the app, or a recovery code (`k7mq2-xr9tb`); the server reads its shape. */
export const secondFactorCodeSchema = z.object({
  code: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(32, MSG.required),
});

/** `POST /api/users/login`: a member with two-step sign-in may send the code with the password. */
export const apiSignInSchema = signInSchema.extend({
  code: secondFactorCodeSchema.shape.code.optional(),
});

/** The field name of a 403 that asks the signed-in admin for a fresh code (a step-up). */
export const STEP_UP_FIELD = "secondFactor";
