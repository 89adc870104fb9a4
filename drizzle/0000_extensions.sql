-- Custom SQL migration file, put your code below! --
-- Before any table: earthdistance (radius search, on top of cube) and pg_trgm (ILIKE '%q%' search).
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
