import { z } from "zod";
import { signInSchema } from "@/lib/auth/login-schema";
import { MSG } from "@/lib/validation/messages";

/** A 6-digit code from the app, or a recovery code (`k7mq2-xr9tb`); the server reads its shape. */
export const secondFactorCodeSchema = z.object({
  code: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(32, MSG.required),
});

/** `POST /api/users/login`: a member with two-step sign-in may send the code with the password. */
export const apiSignInSchema = signInSchema.extend({
  code: secondFactorCodeSchema.shape.code.optional(),
});
