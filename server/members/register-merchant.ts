import "server-only";
import { eq } from "drizzle-orm";
import type { MerchantRegistration } from "@/lib/validation/accounts";
import { MSG } from "@/lib/validation/messages";
import type { Db } from "@/server/db/client";
import { resellers } from "@/server/db/schema";
import { validationError } from "@/server/errors";
import { geocode } from "@/server/geo";
import { insertNewMember, type RegisteredMember } from "./register-member";

export const LOCATION_NOT_FOUND_MESSAGE =
  "Location not found. Please check the postal code or city.";

type RegisterMerchantOptions = {
  /** Swappable for tests; defaults to the configured geocoder. */
  geocoder?: typeof geocode;
};

/**
 * Registers a farmer from input parsed with `merchantRegistrationSchema`: the farm is placed on the
 * map from its address, and an `ak` (a reseller identifier) links the farmer to that reseller.
 * Sends the welcome mail.
 *
 * @throws AppError validation with `ak` ('Something went wrong. Please check your url.') for an
 *   unknown reseller, `postalCode` when the address cannot be placed, `username` when taken. A
 *   taken email returns null, as for a customer (decision 0023).
 */
export async function registerMerchant(
  db: Db,
  input: MerchantRegistration,
  { geocoder = geocode }: RegisterMerchantOptions = {},
): Promise<RegisteredMember | null> {
  let resellerId: number | null = null;
  if (input.ak) {
    resellerId = await findResellerIdByKey(db, input.ak);
    if (resellerId === null) throw validationError({ ak: [MSG.invalidAk] }, MSG.invalidAk);
  }

  const place = await geocoder({
    address: input.address,
    city: input.city,
    provinceState: input.provinceState,
    postalCode: input.postalCode,
    country: input.country,
  });
  if (!place) throw validationError({ postalCode: [LOCATION_NOT_FOUND_MESSAGE] });

  return insertNewMember(db, {
    memberType: "merchant",
    username: input.username,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    country: input.country,
    currency: input.currency,
    email: input.email,
    password: input.password,
    address: input.address,
    city: input.city,
    provinceState: input.provinceState,
    postalCode: input.postalCode,
    latitude: place.latitude,
    longitude: place.longitude,
    resellerId,
  });
}

/** The reseller whose identifier is `ak` (32 hex characters, any case), or null. */
/**
 * Who a reseller's link (`ak`) names, as the registration page shows them to the farm it invites
 * (issue 42): their name, so the farm knows who referred it. Null for a key no reseller has.
 */
export async function findReferrer(
  db: Db,
  ak: string,
): Promise<{ id: number; name: string } | null> {
  if (!/^[0-9a-f]{32}$/i.test(ak)) return null;
  const [reseller] = await db
    .select({ id: resellers.id, firstName: resellers.firstName, lastName: resellers.lastName })
    .from(resellers)
    .where(eq(resellers.identifier, ak.toLowerCase()))
    .limit(1);
  return reseller ? { id: reseller.id, name: `${reseller.firstName} ${reseller.lastName}` } : null;
}

export async function findResellerIdByKey(db: Db, ak: string): Promise<number | null> {
  if (!/^[0-9a-f]{32}$/i.test(ak)) return null;
  const [reseller] = await db
    .select({ id: resellers.id })
    .from(resellers)
    .where(eq(resellers.identifier, ak.toLowerCase()))
    .limit(1);
  return reseller?.id ?? null;
}
