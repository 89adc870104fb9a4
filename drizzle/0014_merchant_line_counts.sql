CREATE TABLE "merchant_line_counts" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_line_counts" ADD CONSTRAINT "merchant_line_counts_merchant_id_members_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;