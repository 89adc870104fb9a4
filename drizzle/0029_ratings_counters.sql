ALTER TABLE "members" ADD COLUMN "rating_score" numeric(3, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "rating_rank" numeric(6, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_counts" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_rank" numeric(6, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_rank" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_name_rating_idx" ON "products" USING btree (lower("name"),"rating_rank" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_rating_counts_five" CHECK (cardinality("products"."rating_counts") = 5);--> statement-breakpoint
-- Backfill the counters from the reviews already written (the formula of lib/catalog/rating.ts:
-- ranked from 3 reviews, Bayesian average with 5 reviews of 3 stars as the prior).
UPDATE "products" p SET
  "review_count" = s.n,
  "score" = CASE WHEN s.n > 0 THEN round(s.total::numeric / s.n, 2) ELSE 0 END,
  "rating_counts" = s.counts,
  "rating_rank" = CASE WHEN s.n >= 3 THEN round((15 + s.total)::numeric / (5 + s.n), 4) ELSE 0 END
FROM (
  SELECT r."product_id", count(*)::int AS n, sum(r."score")::int AS total,
    ARRAY[count(*) FILTER (WHERE r."score" = 1), count(*) FILTER (WHERE r."score" = 2),
      count(*) FILTER (WHERE r."score" = 3), count(*) FILTER (WHERE r."score" = 4),
      count(*) FILTER (WHERE r."score" = 5)]::integer[] AS counts
  FROM "reviews" r GROUP BY r."product_id"
) s
WHERE p."id" = s."product_id";--> statement-breakpoint
UPDATE "members" m SET
  "rating_count" = s.n,
  "rating_score" = round(s.total::numeric / s.n, 2),
  "rating_rank" = CASE WHEN s.n >= 3 THEN round((15 + s.total)::numeric / (5 + s.n), 4) ELSE 0 END
FROM (
  SELECT p."merchant_id", count(*)::int AS n, sum(r."score")::int AS total
  FROM "reviews" r JOIN "products" p ON p."id" = r."product_id" GROUP BY p."merchant_id"
) s
WHERE m."id" = s."merchant_id";
