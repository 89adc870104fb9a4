CREATE TABLE "product_name_words" (
	"word" text PRIMARY KEY NOT NULL,
	"product_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales_window" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"counted_from" timestamp with time zone NOT NULL,
	CONSTRAINT "product_sales_window_single_row" CHECK ("product_sales_window"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "units_sold_90d" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_name_words_trgm_idx" ON "product_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_merchant_search_trgm_idx" ON "members" USING gin (("username" || ' ' || "email" || ' ' || coalesce("address", '') || ' ' || coalesce("city", '') || ' ' || coalesce("province_state", '')) gin_trgm_ops) WHERE "members"."member_type" = 'merchant';--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("units_sold_90d" DESC NULLS FIRST,"score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';