CREATE TYPE "public"."payout_status" AS ENUM('owed', 'paid');--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements" jsonb,
	"state_at" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_onboarding_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"gross_cents" integer NOT NULL,
	"fees_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"status" "payout_status" DEFAULT 'owed' NOT NULL,
	"transfer_id" text,
	"failure_reason" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_transfer_id_unique" UNIQUE("transfer_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_transfer_id_unique";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "transfer_reversal_id" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_onboarding_codes" ADD CONSTRAINT "payout_onboarding_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_order_merchant_unique" ON "payouts" USING btree ("order_id","merchant_id");--> statement-breakpoint
CREATE INDEX "payouts_merchant_created_idx" ON "payouts" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payouts_owed_idx" ON "payouts" USING btree ("merchant_id") WHERE "payouts"."status" = 'owed';--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_transfer_reversal_id_unique" UNIQUE("transfer_reversal_id");