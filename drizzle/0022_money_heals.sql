CREATE TYPE "public"."refund_actor" AS ENUM('customer', 'farm', 'admin', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."money_issue_kind" AS ENUM('refund_failed', 'reversal_failed', 'amount_mismatch', 'dispute_opened', 'payout_overdue', 'unknown_stripe_object');--> statement-breakpoint
CREATE TYPE "public"."money_issue_status" AS ENUM('open', 'resolved');--> statement-breakpoint
ALTER TYPE "public"."admin_action" ADD VALUE 'money_retry';--> statement-breakpoint
ALTER TYPE "public"."admin_action" ADD VALUE 'money_resolve';--> statement-breakpoint
CREATE TABLE "installation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"key" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cursor_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_report" jsonb
);
--> statement-breakpoint
CREATE TABLE "money_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "money_issue_kind" NOT NULL,
	"key" text NOT NULL,
	"order_id" integer,
	"order_item_id" integer,
	"merchant_id" integer,
	"customer_id" integer,
	"amount_cents" integer,
	"currency" "currency",
	"stripe_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detail" text NOT NULL,
	"status" "money_issue_status" DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_issues_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refund_by" "refund_actor";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refund_to" "order_item_status";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refund_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "reversal_error" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "reversal_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "money_issues" ADD CONSTRAINT "money_issues_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_issues" ADD CONSTRAINT "money_issues_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_issues" ADD CONSTRAINT "money_issues_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_issues" ADD CONSTRAINT "money_issues_customer_id_members_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_issues" ADD CONSTRAINT "money_issues_resolved_by_members_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_issues_open_idx" ON "money_issues" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "money_issues"."status" = 'open';--> statement-breakpoint
CREATE INDEX "order_items_refund_open_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."refund_requested_at" is not null and "order_items"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "order_items_reversal_owed_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."refunded_at" is not null and "order_items"."transfer_id" is not null and "order_items"."transfer_reversal_id" is null and "order_items"."reversal_error" is null;--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."payment_type" = 'card' and "orders"."payment_status" in ('pending', 'failed') and "orders"."payment_intent_id" is not null;