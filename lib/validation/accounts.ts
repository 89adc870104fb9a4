/**
 * Sign-up, sign-in and password recovery (part 1 section 5 "Customer registration", "Farmer
 * registration", "Forgot and reset password"; part 2 section 5 "Forgot password", "Reset password").
 */
import { z } from "zod";
import { currencyForCountry } from "@/lib/input-format";
import { URL_TOKEN_PATTERN } from "./charsets";
import { MSG } from "./messages";
import {
  address,
  checkRegionAndPostal,
  city,
  country,
  crossCheck,
  email,
  firstName,
  hex32,
  id,
  lastName,
  optional,
  password,
  passwordConfirmation,
  passwordsMatch,
  phoneFormatted,
  postalCode,
  provinceState,
  requiredText,
  username,
} from "./shared";

const customerRegistrationFields = {
  username: username(MSG.usernameRegistration),
  firstName: firstName(),
  lastName: lastName(),
  phone: phoneFormatted(),
  country: country(),
  email: email(),
  password: password({ required: MSG.required, rule: MSG.passwordRule }),
  cPassword: passwordConfirmation(),
};

/** Adds the currency that follows the country: Canada gives CAD, the United States USD. */
function withCurrency<T extends { country: "CA" | "US" }>(value: T) {
  return { ...value, currency: currencyForCountry(value.country) };
}

/** POST /api/users/register (customer). Output adds `currency`. */
export const customerRegistrationSchema = z
  .object(customerRegistrationFields)
  .check(passwordsMatch("password", "cPassword", MSG.passwordsNotMatching))
  .transform(withCurrency);

/** The `ak` of /merchants/register?ak=...: a reseller identifier, 32 hex characters. */
export const resellerKey = () => optional(hex32(MSG.invalidAk));

/** Query of /merchants/register. */
export const merchantRegisterQuerySchema = z.object({ ak: resellerKey() });

/**
 * POST /api/merchants/register. Adds the farm's address; a Canadian postal code may be the first
 * half only ("A1A"), as the spec's rule allows. Output adds `currency`.
 */
export const merchantRegistrationSchema = z
  .object({
    ...customerRegistrationFields,
    address: address(),
    city: city(),
    provinceState: provinceState(),
    postalCode: postalCode(),
    ak: resellerKey(),
  })
  .check(passwordsMatch("password", "cPassword", MSG.passwordsNotMatching))
  .check(crossCheck((value, ctx) => checkRegionAndPostal(value, ctx, "fsa-allowed")))
  .transform(withCurrency);

/** Sign-in: only presence is checked here; the credentials check gives one message for all failures. */
export const loginSchema = z.object({
  email: email(),
  password: z.string({ error: MSG.required }).min(1, MSG.required),
});

/** POST /api/users/forgotPassword */
export const forgotPasswordSchema = z.object({ email: email() });

/** The reset link's code: opaque, URL-safe. */
const resetCode = () =>
  requiredText({
    required: MSG.required,
    invalid: MSG.required,
    max: 256,
    pattern: URL_TOKEN_PATTERN,
  });

/** POST /api/users/resetPassword: the rule message omits the symbol list on this form. */
export const resetPasswordSchema = z
  .object({
    password: password({ required: MSG.required, rule: MSG.passwordRuleReset }),
    cPassword: passwordConfirmation(),
    code: resetCode(),
  })
  .check(passwordsMatch("password", "cPassword", MSG.passwordsNotMatching));

/** POST /api/securities/block: the recorded sign-in's id from the emailed link (decision 0005). */
export const securityBlockSchema = z.object({
  accessId: z.string({ error: "Required Field" }).max(64),
});

/** `npm run admin:create`: an operator's account (admins are never made by registration). */
export const adminAccountSchema = z.object({
  username: username(MSG.usernameRegistration),
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  password: password({ required: MSG.required, rule: MSG.passwordRule }),
});

/** POST /api/scripts/updatePassword (admin sets a member's password): the registration rule. */
/** An admin acts on one member (Members Manager): reset their two-step sign-in. */
export const adminMemberIdSchema = z.object({ userId: id() });

export const adminSetPasswordSchema = z.object({
  userId: id(),
  password: password({ required: MSG.required, rule: MSG.passwordRule }),
});

export type AdminAccountInput = z.input<typeof adminAccountSchema>;
export type CustomerRegistrationInput = z.input<typeof customerRegistrationSchema>;
export type CustomerRegistration = z.output<typeof customerRegistrationSchema>;
export type MerchantRegistrationInput = z.input<typeof merchantRegistrationSchema>;
export type MerchantRegistration = z.output<typeof merchantRegistrationSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
