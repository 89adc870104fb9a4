DROP INDEX "members_merchant_earth_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "geo" "cube" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "active_product_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "members_merchant_geo_idx" ON "members" USING gist ("geo") WHERE "members"."member_type" = 'merchant' and "members"."geo" is not null;--> statement-breakpoint
CREATE INDEX "members_merchant_products_idx" ON "members" USING btree ("id","active_product_count") WHERE "members"."member_type" = 'merchant';--> statement-breakpoint
CREATE INDEX "members_merchant_unlocated_idx" ON "members" USING btree ("id") WHERE "members"."member_type" = 'merchant' and ("members"."latitude" is null or "members"."longitude" is null);--> statement-breakpoint
CREATE INDEX "products_store_popular_idx" ON "products" USING btree ("merchant_id","units_sold_90d" DESC NULLS FIRST,"score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';