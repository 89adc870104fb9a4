ALTER TYPE "public"."payment_status" ADD VALUE 'abandoned';--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "card_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "international_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "handling_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "payout_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pending_lines" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_card_checkout_unique" ON "orders" USING btree ("customer_id") WHERE "orders"."payment_type" = 'card' and "orders"."payment_status" in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refund_id_unique" UNIQUE("refund_id");