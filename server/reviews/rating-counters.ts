import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { RATING_MIN_COUNT, RATING_PRIOR_MEAN, RATING_PRIOR_WEIGHT } from "@/lib/catalog/rating";
import type { Db } from "@/server/db/client";
import { members, products, reviews } from "@/server/db/schema";

/** What a recount touched, for the caches it must expire (invalidate-review-caches.ts). */
export type RecountedRatings = { productId: number; merchantId: number; merchantUsername: string };

/**
 * The reviews that count toward ratings. The one place a rule about which reviews count goes
 * (a review moderation hid counts for nothing); `r` is `reviews`.
 */
const COUNTED_REVIEW: SQL = sql`r.hidden_at is null`;

/** Sort by rating's key from a count and a sum of scores: lib/catalog/rating.ts's `ratingRank`. */
function rankOf(count: SQL, total: SQL): SQL {
  return sql`case when ${count} >= ${sql.raw(String(RATING_MIN_COUNT))}
    then round((${sql.raw(String(RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN))} + ${total})::numeric
      / (${sql.raw(String(RATING_PRIOR_WEIGHT))} + ${count}), 4)
    else 0 end`;
}

/**
 * Recomputes a product's rating counters (`score`, `review_count`, `rating_counts`,
 * `rating_rank`) and its farm's (`members.rating_score`, `rating_count`, `rating_rank`, over the
 * reviews of all the farm's products) from the reviews table, in one statement: never +1/-1
 * arithmetic, so the counters cannot drift. Call it in the transaction of EVERY write that
 * changes which reviews count or their scores: a review written, edited or deleted, a review
 * hidden or restored by moderation, and a deletion of a member or a product that removes reviews
 * through the foreign keys (call it for each product whose reviews went, after the delete).
 *
 * It first locks the farm's row, so recounts of one farm's products run one after another and
 * each reads every review committed before it (under READ COMMITTED, the recount statement's
 * snapshot is taken after the lock is granted). Writers lock the product row first (saveReview,
 * deleteReview), then the farm here: always in that order.
 *
 * @returns the product and its farm, or null when the product does not exist.
 */
export async function recountRatings(db: Db, productId: number): Promise<RecountedRatings | null> {
  const locked = await db.execute<{ id: number }>(sql`
    select ${members.id} as id from ${members}
    where ${members.id} = (select ${products.merchantId} from ${products} where ${products.id} = ${productId})
    for update`);
  if (locked.rows.length === 0) return null;

  const result = await db.execute<{ merchant_id: number; username: string }>(sql`
    with counted as (
      select r.product_id, r.score
      from ${reviews} r
      join ${products} p on p.id = r.product_id
      where p.merchant_id = ${locked.rows[0]!.id} and ${COUNTED_REVIEW}
    ),
    product_stats as (
      select count(*)::int as n, coalesce(sum(score), 0)::int as total,
        array[count(*) filter (where score = 1), count(*) filter (where score = 2),
          count(*) filter (where score = 3), count(*) filter (where score = 4),
          count(*) filter (where score = 5)]::int[] as counts
      from counted where product_id = ${productId}
    ),
    farm_stats as (
      select count(*)::int as n, coalesce(sum(score), 0)::int as total from counted
    ),
    product_update as (
      update ${products} set
        review_count = s.n,
        score = case when s.n > 0 then round(s.total::numeric / s.n, 2) else 0 end,
        rating_counts = s.counts,
        rating_rank = ${rankOf(sql`s.n`, sql`s.total`)},
        updated_at = now()
      from product_stats s
      where ${products.id} = ${productId}
      returning ${products.merchantId} as merchant_id
    )
    update ${members} set
      rating_count = f.n,
      rating_score = case when f.n > 0 then round(f.total::numeric / f.n, 2) else 0 end,
      rating_rank = ${rankOf(sql`f.n`, sql`f.total`)}
    from farm_stats f
    where ${members.id} = (select merchant_id from product_update)
    returning ${members.id} as merchant_id, ${members.username} as username`);
  const row = result.rows[0];
  return row ? { productId, merchantId: row.merchant_id, merchantUsername: row.username } : null;
}
