CREATE TABLE "order_pickups" (
	"order_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"window_id" integer NOT NULL,
	"day" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"place_name" text NOT NULL,
	"place_address" text NOT NULL,
	"took_slot" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "order_pickups_order_id_merchant_id_pk" PRIMARY KEY("order_id","merchant_id")
);
--> statement-breakpoint
CREATE TABLE "pickup_closed_dates" (
	"merchant_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_closed_dates_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
CREATE TABLE "pickup_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"province_state" text,
	"country" "country",
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_slots" (
	"window_id" integer NOT NULL,
	"day" date NOT NULL,
	"taken" integer NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "pickup_slots_window_id_day_pk" PRIMARY KEY("window_id","day"),
	CONSTRAINT "pickup_slots_within_capacity" CHECK ("pickup_slots"."taken" >= 0 and "pickup_slots"."taken" <= "pickup_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "pickup_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"starts_minute" smallint NOT NULL,
	"ends_minute" smallint NOT NULL,
	"cutoff_days_before" smallint NOT NULL,
	"cutoff_minute" smallint NOT NULL,
	"capacity" integer,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_windows_weekday_range" CHECK ("pickup_windows"."weekday" between 0 and 6),
	CONSTRAINT "pickup_windows_times" CHECK ("pickup_windows"."starts_minute" >= 0 and "pickup_windows"."ends_minute" <= 1440 and "pickup_windows"."starts_minute" < "pickup_windows"."ends_minute"),
	CONSTRAINT "pickup_windows_cutoff" CHECK ("pickup_windows"."cutoff_days_before" between 0 and 13 and "pickup_windows"."cutoff_minute" between 0 and 1439 and ("pickup_windows"."cutoff_days_before" > 0 or "pickup_windows"."cutoff_minute" <= "pickup_windows"."starts_minute")),
	CONSTRAINT "pickup_windows_capacity_positive" CHECK ("pickup_windows"."capacity" is null or "pickup_windows"."capacity" > 0)
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_window_id_pickup_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."pickup_windows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_closed_dates" ADD CONSTRAINT "pickup_closed_dates_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_places" ADD CONSTRAINT "pickup_places_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_slots" ADD CONSTRAINT "pickup_slots_window_id_pickup_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."pickup_windows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_windows" ADD CONSTRAINT "pickup_windows_place_id_pickup_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."pickup_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_windows" ADD CONSTRAINT "pickup_windows_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_pickups_merchant_starts_idx" ON "order_pickups" USING btree ("merchant_id","starts_at");--> statement-breakpoint
CREATE INDEX "order_pickups_reminder_idx" ON "order_pickups" USING btree ("starts_at") WHERE "order_pickups"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "pickup_places_merchant_idx" ON "pickup_places" USING btree ("merchant_id") WHERE "pickup_places"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_places_farm_address_unique" ON "pickup_places" USING btree ("merchant_id") WHERE "pickup_places"."address" is null and "pickup_places"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "pickup_windows_merchant_idx" ON "pickup_windows" USING btree ("merchant_id") WHERE "pickup_windows"."removed_at" is null;