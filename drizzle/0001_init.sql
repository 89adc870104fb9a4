CREATE TYPE "public"."country" AS ENUM('CA', 'US');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('CAD', 'USD');--> statement-breakpoint
CREATE TYPE "public"."delivery_service" AS ENUM('free_delivery', 'in_store');--> statement-breakpoint
CREATE TYPE "public"."member_type" AS ENUM('customer', 'merchant', 'admin');--> statement-breakpoint
CREATE TYPE "public"."subscription_country" AS ENUM('usa', 'canada');--> statement-breakpoint
CREATE TYPE "public"."subscription_plan" AS ENUM('basic', 'engager', 'harvest');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('incomplete', 'active', 'past_due', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."product_status" AS ENUM('active', 'deleted', 'removed');--> statement-breakpoint
CREATE TYPE "public"."delivery_destination" AS ENUM('home', 'store');--> statement-breakpoint
CREATE TYPE "public"."order_item_status" AS ENUM('order_created', 'ready_for_pickup', 'ready_to_ship', 'in_shipping', 'shipped', 'customer_received', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'paid', 'failed', 'partially_refunded', 'refunded', 'not_required');--> statement-breakpoint
CREATE TYPE "public"."payment_type" AS ENUM('card', 'in_person');--> statement-breakpoint
CREATE TYPE "public"."reseller_pay_status" AS ENUM('pending', 'paid');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('term', 'promotion', 'order');--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "local_locations" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"address" text,
	"city" text,
	"province_state" text,
	"postal_code" text,
	"country" "country" NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"radius_km" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_locations_radius_km_step" CHECK ("local_locations"."radius_km" between 0 and 50 and "local_locations"."radius_km" % 5 = 0),
	CONSTRAINT "local_locations_latitude_range" CHECK ("local_locations"."latitude" between -90 and 90),
	CONSTRAINT "local_locations_longitude_range" CHECK ("local_locations"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"country" "country" DEFAULT 'CA' NOT NULL,
	"currency" "currency",
	"member_type" "member_type" DEFAULT 'customer' NOT NULL,
	"address" text,
	"city" text,
	"province_state" text,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"introduction" text,
	"avatar_image" text,
	"pay_in_person" boolean DEFAULT true NOT NULL,
	"pay_by_card" boolean DEFAULT false NOT NULL,
	"payout_acct_set" boolean DEFAULT false NOT NULL,
	"stripe_account_id" text,
	"stripe_customer_id" text,
	"international_credit_card_rate" numeric(6, 4) DEFAULT '0.008' NOT NULL,
	"base_rate" numeric(6, 4) DEFAULT '0.029' NOT NULL,
	"base_amount_cents" integer DEFAULT 30 NOT NULL,
	"handling_fee_rate" numeric(6, 4) DEFAULT '0' NOT NULL,
	"handling_fee_amt_cents" integer DEFAULT 100 NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"reseller_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_user_key_unique" UNIQUE("user_key"),
	CONSTRAINT "members_username_unique" UNIQUE("username"),
	CONSTRAINT "members_stripe_account_id_unique" UNIQUE("stripe_account_id"),
	CONSTRAINT "members_stripe_customer_id_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "members_username_lowercase" CHECK ("members"."username" = lower("members"."username")),
	CONSTRAINT "members_latitude_range" CHECK ("members"."latitude" between -90 and 90),
	CONSTRAINT "members_longitude_range" CHECK ("members"."longitude" between -180 and 180),
	CONSTRAINT "members_session_version_positive" CHECK ("members"."session_version" >= 1),
	CONSTRAINT "members_service_charge_non_negative" CHECK ("members"."international_credit_card_rate" >= 0 and "members"."base_rate" >= 0 and "members"."base_amount_cents" >= 0 and "members"."handling_fee_rate" >= 0 and "members"."handling_fee_amt_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"plan" "subscription_plan" NOT NULL,
	"country" "subscription_country" NOT NULL,
	"currency" "currency" NOT NULL,
	"status" "subscription_status" DEFAULT 'incomplete' NOT NULL,
	"stripe_subscription_id" text,
	"stripe_price_id" text,
	"card_brand" text,
	"card_last4" text,
	"current_period_end" timestamp with time zone,
	"service_expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_member_id_unique" UNIQUE("member_id"),
	CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"p_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"detail" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"unit_weight" numeric(10, 2) DEFAULT '1' NOT NULL,
	"unit_weight_symbol" text,
	"weight_required" boolean DEFAULT false NOT NULL,
	"delivery_service" "delivery_service" DEFAULT 'in_store' NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"pay_in_person" boolean DEFAULT true NOT NULL,
	"pay_by_card" boolean DEFAULT false NOT NULL,
	"image" text,
	"status" "product_status" DEFAULT 'active' NOT NULL,
	"score" numeric(3, 2) DEFAULT '0' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("detail", '')), 'B')) STORED,
	CONSTRAINT "products_p_key_unique" UNIQUE("p_key"),
	CONSTRAINT "products_unit_price_cents_non_negative" CHECK ("products"."unit_price_cents" >= 0),
	CONSTRAINT "products_unit_weight_positive" CHECK ("products"."unit_weight" > 0),
	CONSTRAINT "products_score_range" CHECK ("products"."score" between 0 and 5),
	CONSTRAINT "products_review_count_non_negative" CHECK ("products"."review_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_score_range" CHECK ("reviews"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_qty_positive" CHECK ("cart_items"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "dream_tracker_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dream_tracker_items_qty_positive" CHECK ("dream_tracker_items"."qty" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"unit_weight" numeric(10, 2) NOT NULL,
	"unit_weight_symbol" text,
	"qty" integer NOT NULL,
	"delivery_service" "delivery_service" NOT NULL,
	"status" "order_item_status" DEFAULT 'order_created' NOT NULL,
	"qualified_to_cancel" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"merchant_paid_at" timestamp with time zone,
	"transfer_id" text,
	"confirmed_at" timestamp with time zone,
	"status_updated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "order_items_qty_positive" CHECK ("order_items"."qty" >= 1),
	CONSTRAINT "order_items_unit_price_cents_non_negative" CHECK ("order_items"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)) NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_type" "payment_type" NOT NULL,
	"delivery_destination" "delivery_destination" NOT NULL,
	"currency" "currency" NOT NULL,
	"total_cents" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"city" text,
	"province_state" text,
	"country" text,
	"postal_code" text,
	"checkout_key" text DEFAULT gen_random_uuid()::text NOT NULL,
	"payment_intent_id" text,
	"payment_status" "payment_status" DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_checkout_key_unique" UNIQUE("checkout_key"),
	CONSTRAINT "orders_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "orders_total_cents_non_negative" CHECK ("orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"customer_id" integer,
	"visitor_first_name" text,
	"visitor_last_name" text,
	"visitor_email" text,
	"product_id" integer,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merchant_unread_count" integer DEFAULT 0 NOT NULL,
	"customer_unread_count" integer DEFAULT 0 NOT NULL,
	"merchant_deleted_at" timestamp with time zone,
	"customer_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_has_counterpart" CHECK ("conversations"."customer_id" is not null or "conversations"."visitor_email" is not null),
	CONSTRAINT "conversations_unread_non_negative" CHECK ("conversations"."merchant_unread_count" >= 0 and "conversations"."customer_unread_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "farmer_contact_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"product_id" integer,
	"conversation_id" integer,
	"member_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"content" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_member_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 1500)
);
--> statement-breakpoint
CREATE TABLE "reseller_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"pay_status" "reseller_pay_status" DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_transactions_paid_at" CHECK (("reseller_transactions"."pay_status" = 'paid') = ("reseller_transactions"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" char(32) DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"rate" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resellers_identifier_unique" UNIQUE("identifier"),
	CONSTRAINT "resellers_identifier_hex" CHECK ("resellers"."identifier" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "resellers_rate_non_negative" CHECK ("resellers"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" integer NOT NULL,
	"browser_key" text NOT NULL,
	"browser_data" text NOT NULL,
	"ip" text,
	"city" text,
	"province_state" text,
	"country" text,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"original_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"member_id" integer NOT NULL,
	"type" "notification_type" NOT NULL,
	"allowed" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY("member_id","type")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "email_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"content" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_locations" ADD CONSTRAINT "local_locations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_tracker_items" ADD CONSTRAINT "dream_tracker_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dream_tracker_items" ADD CONSTRAINT "dream_tracker_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_members_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_id_members_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_contact_leads" ADD CONSTRAINT "farmer_contact_leads_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_contact_leads" ADD CONSTRAINT "farmer_contact_leads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_contact_leads" ADD CONSTRAINT "farmer_contact_leads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_contact_leads" ADD CONSTRAINT "farmer_contact_leads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_member_id_members_id_fk" FOREIGN KEY ("sender_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_transactions" ADD CONSTRAINT "reseller_transactions_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_transactions" ADD CONSTRAINT "reseller_transactions_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_transactions" ADD CONSTRAINT "reseller_transactions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_accesses" ADD CONSTRAINT "security_accesses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_lower_unique" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "members_merchant_earth_idx" ON "members" USING gist (ll_to_earth("latitude", "longitude")) WHERE "members"."member_type" = 'merchant' and "members"."latitude" is not null and "members"."longitude" is not null;--> statement-breakpoint
CREATE INDEX "members_merchant_latest_idx" ON "members" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "members"."member_type" = 'merchant';--> statement-breakpoint
CREATE INDEX "members_username_trgm_idx" ON "members" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_email_trgm_idx" ON "members" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_address_trgm_idx" ON "members" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_reseller_id_idx" ON "members" USING btree ("reseller_id") WHERE "members"."reseller_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_service_expires_at_idx" ON "subscriptions" USING btree ("service_expires_at") WHERE "subscriptions"."service_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_store_listing_idx" ON "products" USING btree ("merchant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_latest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_member_product_unique" ON "reviews" USING btree ("member_id","product_id");--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_member_product_unique" ON "cart_items" USING btree ("member_id","product_id");--> statement-breakpoint
CREATE INDEX "cart_items_product_id_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dream_tracker_items_member_product_unique" ON "dream_tracker_items" USING btree ("member_id","product_id");--> statement-breakpoint
CREATE INDEX "dream_tracker_items_product_id_idx" ON "dream_tracker_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_product_unique" ON "order_items" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_items_merchant_created_idx" ON "order_items" USING btree ("merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_items_product_created_idx" ON "order_items" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_created_idx" ON "order_items" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_items_product_name_trgm_idx" ON "order_items" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_merchant_last_message_idx" ON "conversations" USING btree ("merchant_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_customer_last_message_idx" ON "conversations" USING btree ("customer_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "conversations"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_merchant_customer_unique" ON "conversations" USING btree ("merchant_id","customer_id") WHERE "conversations"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_merchant_visitor_unique" ON "conversations" USING btree ("merchant_id",lower("visitor_email")) WHERE "conversations"."customer_id" is null;--> statement-breakpoint
CREATE INDEX "farmer_contact_leads_merchant_created_idx" ON "farmer_contact_leads" USING btree ("merchant_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_transactions_product_unique" ON "reseller_transactions" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "reseller_transactions_reseller_created_idx" ON "reseller_transactions" USING btree ("reseller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reseller_transactions_created_idx" ON "reseller_transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_email_lower_unique" ON "resellers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "resellers_created_idx" ON "resellers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "password_reset_tokens_member_id_idx" ON "password_reset_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_reset_at_idx" ON "rate_limit_buckets" USING btree ("reset_at");--> statement-breakpoint
CREATE UNIQUE INDEX "security_accesses_member_browser_unique" ON "security_accesses" USING btree ("member_id","browser_key");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);