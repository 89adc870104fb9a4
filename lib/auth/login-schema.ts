import { z } from "zod";
import { MSG } from "@/lib/validation/messages";

/**
 * Sign-in form and `POST /api/users/login`: email or username, and a password. Only presence is
 * checked here; a wrong value of either gets the one login failure message from the server.
 */
export const signInSchema = z.object({
  login: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(254, MSG.required),
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(1024, MSG.required),
});

export type SignInFormInput = z.input<typeof signInSchema>;
