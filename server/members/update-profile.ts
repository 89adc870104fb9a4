import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { currencyForCountry } from "@/lib/input-format";
import type { CustomerProfile, MerchantProfile } from "@/lib/validation/profile";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { SIGN_IN_LIMIT } from "@/server/auth/sign-in";
import { AppError, notFoundError, validationError, type FieldErrors } from "@/server/errors";
import { consumeRateLimit } from "@/server/rate-limit";
import { geocode } from "@/server/geo";
import { getProfile, type Profile } from "./get-profile";
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from "./register-member";
import { checkCurrentPassword, spendResetLinks } from "./current-password";

// Registration's wording, so a taken name reads the same wherever it is chosen.
export { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE };
export const PASSWORD_FOR_EMAIL_MESSAGE = "Enter your current password to change your email.";
export const LOCATION_NOT_FOUND_MESSAGE =
  "Location not found. Please check the postal code or city.";

export type ProfileInput = CustomerProfile | (MerchantProfile & { introduction: string | null });

type UpdateProfileOptions = {
  memberId: number;
  /** Parsed with `profileSchemaFor(memberType)` by the caller. */
  input: ProfileInput;
  /** Swappable for tests; defaults to the configured geocoder. */
  geocoder?: typeof geocode;
};

/**
 * Saves the member's own details. The currency always follows the country (Canada CAD, United
 * States USD). A merchant whose farm address changed is placed on the map again.
 *
 * A new email needs the current password before anything is said about it (taken or free), and
 * a member may try 10 new emails in 15 minutes, like the other account calls.
 *
 * @throws AppError validation with `username` / `email` when taken by someone else, and with
 *   `postalCode` when a merchant's new address cannot be placed; not_found for a vanished member;
 *   rate_limited after 10 email changes in 15 minutes.
 */
export async function updateProfile(
  db: Db,
  { memberId, input, geocoder = geocode }: UpdateProfileOptions,
): Promise<Profile> {
  const [current] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
  if (!current) throw notFoundError("The member could not be found.");
  const isMerchant = current.memberType === "merchant";

  // The password first, then whether the new email is free (issue 43, defect 2): a session
  // alone cannot ask which emails have an account, and each ask is counted.
  const emailChanged = input.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanged) {
    await confirmPassword(db, current, input.currentPassword);
    await countEmailChange(db, memberId);
  }

  const taken = await findTakenFields(db, memberId, input.username, input.email);
  if (taken) throw validationError(taken);

  const changes: Partial<typeof members.$inferInsert> = {
    username: input.username,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    country: input.country,
    currency: currencyForCountry(input.country),
    address: input.address,
    city: input.city,
    provinceState: input.provinceState,
    postalCode: input.postalCode,
  };
  if (isMerchant && "introduction" in input) changes.introduction = input.introduction;

  if (isMerchant && hasAddressChanged(current, input)) {
    const place = await geocoder({
      address: input.address ?? undefined,
      city: input.city ?? undefined,
      provinceState: input.provinceState ?? undefined,
      postalCode: input.postalCode ?? undefined,
      country: input.country,
    });
    if (!place) throw validationError({ postalCode: [LOCATION_NOT_FOUND_MESSAGE] });
    changes.latitude = place.latitude;
    changes.longitude = place.longitude;
  }

  try {
    await db.update(members).set(changes).where(eq(members.id, memberId));
    // Reset links mailed to the old address stop working with it.
    if (emailChanged) await spendResetLinks(db, memberId);
  } catch (error) {
    // Two members claiming the same name at once: the unique index decides, the loser gets the field error.
    const field = uniqueViolationField(error);
    if (field)
      throw validationError({
        [field]: [field === "username" ? USERNAME_TAKEN_MESSAGE : EMAIL_TAKEN_MESSAGE],
      });
    throw error;
  }
  return getProfile(db, memberId);
}

async function findTakenFields(
  db: Db,
  memberId: number,
  username: string,
  email: string,
): Promise<FieldErrors | null> {
  const rows = await db
    .select({ username: members.username, email: members.email })
    .from(members)
    .where(
      and(
        ne(members.id, memberId),
        sql`(${members.username} = ${username} or lower(${members.email}) = lower(${email}))`,
      ),
    );
  const errors: FieldErrors = {};
  if (rows.some((r) => r.username === username)) errors.username = [USERNAME_TAKEN_MESSAGE];
  if (rows.some((r) => r.email.toLowerCase() === email.toLowerCase()))
    errors.email = [EMAIL_TAKEN_MESSAGE];
  return Object.keys(errors).length ? errors : null;
}

type AddressFields = Pick<
  typeof members.$inferSelect,
  "address" | "city" | "provinceState" | "postalCode" | "country"
>;

function hasAddressChanged(
  current: AddressFields & { latitude: number | null },
  input: ProfileInput,
): boolean {
  if (current.latitude === null) return true; // never placed: try now
  return (
    current.address !== input.address ||
    current.city !== input.city ||
    current.provinceState !== input.provinceState ||
    current.postalCode !== input.postalCode ||
    current.country !== input.country
  );
}

/** "username" or "email" for a unique-index violation on those columns, else null. */
function uniqueViolationField(error: unknown): "username" | "email" | null {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pg = cause as { code?: string; constraint?: string; message?: string };
  if (pg?.code !== "23505") return null;
  const text = `${pg.constraint ?? ""} ${pg.message ?? ""}`;
  if (text.includes("email")) return "email";
  if (text.includes("username")) return "username";
  return null;
}

/** A new email needs the current password (the account's sign-in budget counts wrong ones). */
async function confirmPassword(
  db: Db,
  member: { id: number; passwordHash: string },
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword) throw validationError({ currentPassword: [PASSWORD_FOR_EMAIL_MESSAGE] });
  await checkCurrentPassword(db, member, currentPassword);
}

export const TOO_MANY_EMAIL_CHANGES_MESSAGE =
  "Too many email changes. Please wait 15 minutes and try again.";

/** Every try of a new email is counted: 10 in 15 minutes per member (SIGN_IN_LIMIT). */
async function countEmailChange(db: Db, memberId: number): Promise<void> {
  const budget = await consumeRateLimit(db, `profile-email:member:${memberId}`, SIGN_IN_LIMIT);
  if (!budget.allowed)
    throw new AppError("rate_limited", TOO_MANY_EMAIL_CHANGES_MESSAGE, {
      logMessage: `email change refused by the rate limit (member ${memberId})`,
    });
}
