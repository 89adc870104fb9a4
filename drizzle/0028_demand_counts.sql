CREATE TYPE "public"."demand_kind" AS ENUM('saved', 'unmet_search');--> statement-breakpoint
CREATE TABLE "demand_counts" (
	"kind" "demand_kind" NOT NULL,
	"cell_lat" integer NOT NULL,
	"cell_lng" integer NOT NULL,
	"week_start" date NOT NULL,
	"term" text NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "demand_counts_pkey" PRIMARY KEY("kind","cell_lat","cell_lng","week_start","term"),
	CONSTRAINT "demand_counts_people_non_negative" CHECK ("demand_counts"."people" >= 0)
);
--> statement-breakpoint
CREATE TABLE "demand_salts" (
	"week_start" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demand_sightings" (
	"week_start" date NOT NULL,
	"kind" "demand_kind" NOT NULL,
	"cell_lat" integer NOT NULL,
	"cell_lng" integer NOT NULL,
	"term" text NOT NULL,
	"person_hash" text NOT NULL,
	CONSTRAINT "demand_sightings_pkey" PRIMARY KEY("week_start","kind","cell_lat","cell_lng","term","person_hash")
);
