CREATE TYPE "public"."review_report_outcome" AS ENUM('hidden', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."review_report_reason" AS ENUM('spam', 'offensive', 'off_topic', 'fake', 'personal_info');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'review_reply';--> statement-breakpoint
ALTER TYPE "public"."admin_action" ADD VALUE 'review_hide';--> statement-breakpoint
ALTER TYPE "public"."admin_action" ADD VALUE 'review_restore';--> statement-breakpoint
ALTER TYPE "public"."admin_action" ADD VALUE 'review_dismiss';--> statement-breakpoint
CREATE TABLE "review_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"content" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reply_id" integer,
	"reporter_id" integer NOT NULL,
	"reason" "review_report_reason" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"outcome" "review_report_outcome"
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified_buyer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reply_id_review_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."review_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_members_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_replies_review_unique" ON "review_replies" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_unique" ON "review_reports" USING btree ("review_id","reporter_id") WHERE "review_reports"."reply_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_reply_reporter_unique" ON "review_reports" USING btree ("reply_id","reporter_id") WHERE "review_reports"."reply_id" is not null;--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("review_id") WHERE "review_reports"."resolved_at" is null;--> statement-breakpoint
-- Reviews written before issue 44 by members who had received the product carry the mark too.
UPDATE "reviews" SET "verified_buyer" = true WHERE EXISTS (SELECT 1 FROM "order_items" oi JOIN "orders" o ON o."id" = oi."order_id" WHERE o."customer_id" = "reviews"."member_id" AND oi."product_id" = "reviews"."product_id" AND oi."status" = 'customer_received');
