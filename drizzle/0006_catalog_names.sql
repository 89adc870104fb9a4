CREATE TABLE "product_names" (
	"name" text PRIMARY KEY NOT NULL,
	"product_count" integer NOT NULL
);
