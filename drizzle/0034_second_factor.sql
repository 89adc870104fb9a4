ALTER TYPE "public"."admin_action" ADD VALUE 'second_factor_enrol';--> statement-breakpoint
ALTER TYPE "public"."admin_action" ADD VALUE 'second_factor_reset';--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_member_code_unique" ON "recovery_codes" USING btree ("member_id","code_hash");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_totp_enabled_has_secret" CHECK ("members"."totp_enabled_at" is null or "members"."totp_secret" is not null);