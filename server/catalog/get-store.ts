import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { CountryCode } from "@/lib/regions";
import type { Db } from "@/server/db/client";
import { members, products } from "@/server/db/schema";
import { notFoundError } from "@/server/errors";
import { imageUrl } from "@/server/storage";

export const STORE_NOT_FOUND_MESSAGE = "The store could not be found.";

/** The farm at the top of a store page (spec part 1 sections 2 and 3, "Member"). Nothing private. */
export type StoreProfile = {
  id: number;
  username: string;
  firstName: string;
  introduction: string | null;
  city: string | null;
  provinceState: string | null;
  country: CountryCode;
  /** URL of the 400 px rendition (shown at 160 px), or null when the farm has no image. */
  avatarImage: string | null;
  /** The farm's checkout options (checkout_payment_options). */
  paymentOptions: { payInPerson: boolean; payByCard: boolean };
  /** How the farm's active products reach customers; both false while it lists nothing. */
  delivery: { freeDelivery: boolean; pickup: boolean };
  /** The farm's average review score over all its products (0 without reviews), and their count. */
  rating: number;
  reviewCount: number;
  /** ISO time the farm registered. */
  memberSince: string;
};

/**
 * Whether some active product of the farm is delivered one way; answered by the store listing index.
 * Columns are qualified by hand: in a select list Drizzle writes them bare, which inside the
 * subquery would compare products.merchant_id with products.id.
 */
const offers = (method: "free_delivery" | "in_store") =>
  sql<boolean>`exists (select 1 from ${products} where ${products}."merchant_id" = ${members}."id" and ${products}."status" = 'active' and ${products}."delivery_service" = ${method})`;

/**
 * The public profile of the merchant `username`, in one query.
 * @throws AppError not_found when no merchant has that username (customers and admins have no store).
 */
export async function getStore(db: Db, username: string): Promise<StoreProfile> {
  const [row] = await db
    .select({
      id: members.id,
      username: members.username,
      firstName: members.firstName,
      introduction: members.introduction,
      city: members.city,
      provinceState: members.provinceState,
      country: members.country,
      avatarImage: members.avatarImage,
      payInPerson: members.payInPerson,
      payByCard: members.payByCard,
      createdAt: members.createdAt,
      rating: members.ratingScore,
      reviewCount: members.ratingCount,
      freeDelivery: offers("free_delivery"),
      pickup: offers("in_store"),
    })
    .from(members)
    .where(and(eq(members.username, username), eq(members.memberType, "merchant")))
    .limit(1);
  if (!row)
    throw notFoundError(STORE_NOT_FOUND_MESSAGE, {
      logMessage: `no store for ${JSON.stringify(username)}`,
    });
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    introduction: row.introduction?.trim() || null,
    city: row.city,
    provinceState: row.provinceState,
    country: row.country,
    avatarImage: row.avatarImage ? imageUrl(row.avatarImage, "sm") : null,
    paymentOptions: { payInPerson: row.payInPerson, payByCard: row.payByCard },
    delivery: { freeDelivery: Boolean(row.freeDelivery), pickup: Boolean(row.pickup) },
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    memberSince: row.createdAt.toISOString(),
  };
}
