/**
 * The member's profile, password change and profile image (part 1 section 5 "Profile",
 * "Password change"). The profile's username message differs from registration's.
 */
import { z } from "zod";
import {
  CURRENCIES,
  IMAGE_MAX_BYTES,
  INTRODUCTION_MAX_LENGTH,
  NOTIFICATION_TYPES,
  type Currency,
  type MemberType,
} from "@/lib/constants";
import { INTRODUCTION_CHARS } from "./charsets";
import { imageFile } from "./image-schema";
import { MSG } from "./messages";
import {
  address,
  checkRegionAndPostal,
  city,
  country,
  crossCheck,
  email,
  firstName,
  flag,
  lastName,
  optional,
  optionalText,
  passwordConfirmation,
  password,
  passwordsMatch,
  phoneFormatted,
  postalCode,
  provinceState,
  requiredText,
  username,
} from "./shared";

export { INTRODUCTION_MAX_LENGTH };

const CURRENCY_PATTERN = new RegExp(`^(${CURRENCIES.join("|")})$`);

/** Three capital letters, and one the marketplace trades in. */
export const currency = () =>
  requiredText({
    required: MSG.required,
    invalid: MSG.invalidCurrency,
    pattern: CURRENCY_PATTERN,
    documented: CURRENCY_PATTERN,
  }).transform((s) => s as Currency);

/** Letters, digits and ' " ? ! - _ space . , (line breaks too). */
export const introduction = () =>
  optionalText({
    invalid: MSG.introductionInvalid,
    max: INTRODUCTION_MAX_LENGTH,
    pattern: INTRODUCTION_CHARS,
  });

const personalFields = {
  username: username(MSG.usernameProfile),
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  phone: phoneFormatted(),
  country: country(),
  currency: currency(),
  /**
   * Asked only when the email changes (the server checks it): whoever controls the email can reset
   * the password, so a stolen session must not be able to move the account to another address.
   */
  currentPassword: z.string().max(200).optional(),
};

const addressCheck = crossCheck((value, ctx) => checkRegionAndPostal(value, ctx, "fsa-allowed"));

/** A customer's profile: the address is optional (a customer registers without one). */
export const customerProfileSchema = z
  .object({
    ...personalFields,
    address: optional(address()),
    city: optional(city()),
    provinceState: optional(provinceState()),
    postalCode: optional(postalCode()),
  })
  .check(addressCheck);

/** A merchant's profile: the farm's address is required, the introduction optional. */
export const merchantProfileSchema = z
  .object({
    ...personalFields,
    address: address(),
    city: city(),
    provinceState: provinceState(),
    postalCode: postalCode(),
    introduction: introduction(),
  })
  .check(addressCheck);

export function profileSchemaFor(memberType: MemberType) {
  return memberType === "merchant" ? merchantProfileSchema : customerProfileSchema;
}

/** The profile image: .jpg, .jpeg or .png ('Invalid file uploaded.'), at most 8 MB. */
export const avatarImage = () =>
  imageFile({
    required: MSG.invalidFileUploaded,
    invalid: MSG.invalidFileUploaded,
    tooBig: MSG.imageTooBig,
    maxBytes: IMAGE_MAX_BYTES,
  });

export const profileImageSchema = z.object({ avatarImage: avatarImage() });

/**
 * Settings → password. The spec's three messages, plus two rules it leaves out: the current
 * password is asked for (a stolen session must not be able to take the account), and the new one
 * follows the registration rule (worded as on the reset form).
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: MSG.currentPasswordEmpty }).min(1, MSG.currentPasswordEmpty),
    newPassword: password({ required: MSG.newPasswordEmpty, rule: MSG.passwordRuleReset }),
    confirmNewPassword: passwordConfirmation(MSG.confirmNewPasswordEmpty),
  })
  .check(passwordsMatch("newPassword", "confirmNewPassword", MSG.newPasswordMismatch));

/** Settings → notifications: one type's allow flag (missing means allowed). */
export const notificationSettingSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  allow: flag(true),
});

export type CustomerProfileInput = z.input<typeof customerProfileSchema>;
export type MerchantProfileInput = z.input<typeof merchantProfileSchema>;
export type CustomerProfile = z.output<typeof customerProfileSchema>;
export type MerchantProfile = z.output<typeof merchantProfileSchema>;
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
