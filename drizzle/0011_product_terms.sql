CREATE TABLE "product_terms" (
	"lexeme" text NOT NULL,
	"product_id" integer NOT NULL,
	"in_name" boolean NOT NULL,
	"merchant_id" integer NOT NULL,
	"name_key" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_vector_idx";--> statement-breakpoint
DROP INDEX "products_name_lower_idx";--> statement-breakpoint
CREATE INDEX "product_terms_search_idx" ON "product_terms" USING btree ("lexeme","product_id" DESC NULLS FIRST,"in_name","merchant_id","name_key");--> statement-breakpoint
CREATE INDEX "products_name_lower_idx" ON "products" USING btree (lower("name"),"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';