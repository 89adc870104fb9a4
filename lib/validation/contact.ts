/** Contact Us (part 2 section 5): every empty field shows 'Required Field'. */
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { SAFE_TEXT_CHARS } from "./charsets";
import { MSG } from "./messages";
import { email, firstName, lastName, requiredText } from "./shared";

/** POST /api/contact/admin */
export const contactSchema = z.object({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  content: requiredText({
    required: MSG.required,
    invalid: MSG.invalidContent,
    max: MESSAGE_MAX_LENGTH,
    pattern: SAFE_TEXT_CHARS,
  }),
});

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;
