ALTER TYPE "public"."notification_type" ADD VALUE 'back_in_stock';--> statement-breakpoint
ALTER TYPE "public"."money_issue_kind" ADD VALUE 'oversold';--> statement-breakpoint
CREATE TABLE "back_in_stock_mails" (
	"member_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "back_in_stock_mails_pkey" PRIMARY KEY("member_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "available_qty" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_at" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_taken" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "back_in_stock_mails" ADD CONSTRAINT "back_in_stock_mails_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_mails" ADD CONSTRAINT "back_in_stock_mails_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_stock_held_idx" ON "orders" USING btree ("stock_held_until") WHERE "orders"."stock_held_until" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_available_qty_non_negative" CHECK ("products"."available_qty" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_at_range" CHECK ("products"."low_stock_at" between 0 and 1000000);