import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Nearby } from "@/lib/catalog/types";
import { PAGE_SIZES, type FarmerSortType } from "@/lib/constants";
import { escapeLikePattern, sanitizeKeyword } from "@/lib/validation/search";
import { members, merchantSearchText } from "@/server/db/schema";
import {
  keysetAfter,
  listSignature,
  orderByKeys,
  resolvePaging,
  selectKeys,
  type SortKey,
} from "./list-paging";
import { MERCHANT_CARD_SELECT } from "./merchant-card";
import { farmSortChord, farmsAnywhere, nearbyFarmsCte, nearestFarms } from "./nearby-farms";

export type ListMerchantsInput = {
  /** Matched in username, email, address, city and province; sanitised again here. */
  keyword?: string;
  /** "all" (default): newest first, nearest first with My Local; "rating": top rated first. */
  sortType?: FarmerSortType;
  page?: number;
  cursor?: string | null;
  near?: Nearby | null;
  perPage?: number;
};

/**
 * The one statement behind listMerchants, with what reading its rows needs: merchants newest
 * first, or nearest first with My Local (only those within the radius when it has one), or with
 * Top rated (`sortType` "rating") by `rating_rank` (a Bayesian average from 3 reviews, else 0:
 * decision 0047) then newest, within My Local's radius when it has one. The
 * keyword is a case-insensitive substring of what a card shows (username, city, province) or of the
 * street of the address, through one trigram index over that text
 * (members_merchant_public_search_trgm_idx), or the whole email or whole address (their lower()
 * indexes). A private email or house number is never matched in part, so the list cannot be used
 * to read one out a character at a time. One row per merchant plus
 * `total`; when the page is empty, one row with only `total`.
 *
 * @throws AppError validation `page` ('Invalid Page') for a page deeper than MAX_LIST_OFFSET
 */
export function buildMerchantListQuery(input: ListMerchantsInput) {
  const keyword = sanitizeKeyword(input.keyword ?? "");
  const perPage = input.perPage ?? PAGE_SIZES.merchants;
  const near = input.near ?? null;
  const rating = input.sortType === "rating";
  const keys: SortKey[] = [
    ...(rating
      ? [{ expr: sql`${members.ratingRank}`, dir: "desc", kind: "numeric" } as const]
      : []),
    ...(near && !rating ? [{ expr: sql`farms.k`, dir: "asc", kind: "float" } as const] : []),
    { expr: sql`${members.createdAt}`, dir: "desc", kind: "timestamptz" },
    { expr: sql`${members.id}`, dir: "desc", kind: "int" },
  ];
  const signature = listSignature([
    "merchants",
    rating ? "rating" : "all",
    keyword,
    perPage,
    near && [near.latitude, near.longitude, near.radiusKm],
  ]);
  const paging = resolvePaging({
    page: input.page ?? 1,
    cursor: input.cursor,
    perPage,
    signature,
    keys,
  });

  const filter: SQL = keyword
    ? sql`${members.memberType} = 'merchant' and (
        (${merchantSearchText(members)}) ilike ${`%${escapeLikePattern(keyword)}%`}
        or lower(${members.email}) = lower(${keyword}::text)
        or lower(${members.address}) = lower(${keyword}::text))`
    : sql`${members.memberType} = 'merchant'`;
  const total =
    paging.total === null
      ? sql`(select count(*)::int as total from ${members}
          ${near && near.radiusKm > 0 ? sql`join farms on farms.farm_id = ${members.id}` : sql``}
          where ${filter})`
      : sql`(select ${paging.total}::int as total)`;
  const select = sql`${MERCHANT_CARD_SELECT}, ${selectKeys(keys)}`;
  const pageOf = (body: SQL) => sql`
    ${near && near.radiusKm > 0 && paging.total === null ? sql`with ${nearbyFarmsCte(near)}` : sql``}
    select t.total, page.* from ${total} as t
    left join lateral (${body}) as page on true`;

  if (!near) {
    const after = paging.after ? sql`and ${keysetAfter(keys, paging.after)}` : sql``;
    // The page's ids first (from members_merchant_latest_idx, or members_merchant_rating_idx for
    // Top rated, alone without a keyword, skipping the offset there), then only those rows.
    const query = pageOf(sql`
      select ${select} from (
        select ${members.id} from ${members}
        where ${filter} ${after}
        order by ${orderByKeys(keys)}
        limit ${perPage + 1} offset ${paging.offset}
      ) as pick join ${members} on ${members.id} = pick.id
      order by ${orderByKeys(keys)}`);
    return { query, keys, signature, paging, perPage, near };
  }
  if (rating) {
    // Top rated with My Local: the farms within the radius (every farm without one), best first.
    const after = paging.after ? sql`and ${keysetAfter(keys, paging.after)}` : sql``;
    const inRange = near.radiusKm > 0 ? sql`farms` : farmsAnywhere(near);
    const query = sql`
      ${near.radiusKm > 0 ? sql`with ${nearbyFarmsCte(near)}` : sql``}
      select t.total, page.* from ${total} as t
      left join lateral (
        select ${select}, farms.k as distance_k
        from ${inRange} as farms join ${members} on ${members.id} = farms.farm_id
        where ${filter} ${after}
        order by ${orderByKeys(keys)}
        limit ${perPage + 1} offset ${paging.offset}
      ) as page on true`;
    return { query, keys, signature, paging, perPage, near };
  }
  // Nearest first: one row per farm, so the nearest offset + perPage + 1 farms hold the page.
  const [, ...farmKeys] = keys;
  const farmAfter = paging.after
    ? sql`and ${keysetAfter(
        [{ ...keys[0]!, expr: farmSortChord(near) }, ...farmKeys],
        paging.after,
      )}`
    : sql``;
  const farms = nearestFarms(near, {
    limit: paging.offset + perPage + 1,
    qualify: sql`${filter} ${farmAfter}`,
  });
  const query = pageOf(sql`
    select ${select}, farms.k as distance_k
    from ${farms} as farms join ${members} on ${members.id} = farms.farm_id
    order by ${orderByKeys(keys)}
    limit ${perPage + 1} offset ${paging.offset}`);
  return { query, keys, signature, paging, perPage, near };
}
