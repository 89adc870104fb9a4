import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { MerchantCard } from "@/lib/catalog/types";
import { members } from "@/server/db/schema";
import { imageUrl } from "@/server/storage";
import { roundKm } from "./product-card";

/**
 * The one shape a farmer card is read in (dashboard latest farmers, /merchants/list, store pages).
 * No email, no phone: a card is public.
 *
 *   const rows = await db.select(MERCHANT_CARD_COLUMNS).from(members).where(...);
 *   return rows.map((row) => toMerchantCard(row));
 */
export const MERCHANT_CARD_COLUMNS = {
  id: members.id,
  username: members.username,
  introduction: members.introduction,
  city: members.city,
  provinceState: members.provinceState,
  avatarImage: members.avatarImage,
  rating: members.ratingScore,
  reviewCount: members.ratingCount,
};

/** The same columns as a raw SQL select list over `members` under its own name. */
export const MERCHANT_CARD_SELECT: SQL = sql.join(
  Object.entries(MERCHANT_CARD_COLUMNS).map(
    ([alias, column]) => sql`${column} as ${sql.identifier(alias)}`,
  ),
  sql`, `,
);

export type MerchantCardRow = {
  id: number;
  username: string;
  introduction: string | null;
  city: string | null;
  provinceState: string | null;
  avatarImage: string | null;
  /** Numerics may come as text. */
  rating: string | number;
  reviewCount: number;
};

/** A row as the browser gets it (lib/catalog/types MerchantCard, the spec's snake_case fields). */
export function toMerchantCard(
  row: MerchantCardRow,
  distanceKm?: number | string | null,
): MerchantCard {
  const card: MerchantCard = {
    id: row.id,
    username: row.username,
    introduction: row.introduction,
    city: row.city,
    province_state: row.provinceState,
    avatar_image: row.avatarImage ? imageUrl(row.avatarImage, "sm") : null,
    rating: Number(row.rating),
    review_count: Number(row.reviewCount),
  };
  if (distanceKm !== undefined) card.distanceKm = roundKm(distanceKm);
  return card;
}
