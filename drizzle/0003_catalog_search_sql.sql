-- Custom SQL migration file, put your code below! --
-- Catalog search upkeep that lives in the database, so no service has to remember it:
-- 1. product_name_words: the distinct words of product names (typo correction), kept by a trigger
--    on products.
-- 2. products.units_sold_90d (Popular): kept by a trigger on order_items; expire_product_sales()
--    subtracts the lines that left the 90-day window (server/catalog/expire-product-sales.ts).

-- The words of a name as the search reads them: lowercase, split at spaces and ASCII punctuation,
-- at least 3 characters (shorter words are never corrected).
CREATE FUNCTION product_name_words_of(name text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(name, '')), '[[:space:][:punct:]]+') AS w
  WHERE length(w) >= 3
$$;
--> statement-breakpoint
-- One pass over the net change per word, in word order: concurrent writers lock the same words in
-- the same order, so they cannot deadlock.
CREATE FUNCTION products_name_words_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT d.word, sum(d.delta)::int AS delta
    FROM (
      SELECT w AS word, -1 AS delta FROM product_name_words_of(CASE WHEN TG_OP <> 'INSERT' THEN OLD.name END) AS w
      UNION ALL
      SELECT w, 1 FROM product_name_words_of(CASE WHEN TG_OP <> 'DELETE' THEN NEW.name END) AS w
    ) AS d
    GROUP BY d.word
    HAVING sum(d.delta) <> 0
    ORDER BY d.word
  LOOP
    INSERT INTO product_name_words AS pw (word, product_count)
    VALUES (change.word, greatest(change.delta, 0))
    ON CONFLICT (word) DO UPDATE SET product_count = pw.product_count + change.delta;
    DELETE FROM product_name_words WHERE word = change.word AND product_count <= 0;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_name_words_sync
AFTER INSERT OR DELETE OR UPDATE OF name ON products
FOR EACH ROW EXECUTE FUNCTION products_name_words_sync();
--> statement-breakpoint
INSERT INTO product_name_words (word, product_count)
SELECT w, count(*)::int FROM products, product_name_words_of(products.name) AS w GROUP BY w;
--> statement-breakpoint
INSERT INTO product_sales_window (id, counted_from) VALUES (1, now() - interval '90 days');
--> statement-breakpoint
-- A line counts as sold while it is active, not cancelled or refunded, and inside the window.
CREATE FUNCTION order_items_sales_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz;
  old_units int := 0;
  new_units int := 0;
BEGIN
  SELECT counted_from INTO since FROM product_sales_window WHERE id = 1;
  IF TG_OP <> 'INSERT' AND OLD.active AND OLD.status NOT IN ('cancelled', 'refunded') AND OLD.created_at >= since THEN
    old_units := OLD.qty;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.active AND NEW.status NOT IN ('cancelled', 'refunded') AND NEW.created_at >= since THEN
    new_units := NEW.qty;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id THEN
    UPDATE products SET units_sold_90d = greatest(units_sold_90d - old_units, 0)
    WHERE id = OLD.product_id AND old_units <> 0;
    UPDATE products SET units_sold_90d = units_sold_90d + new_units
    WHERE id = NEW.product_id AND new_units <> 0;
  ELSIF new_units <> old_units THEN
    UPDATE products SET units_sold_90d = greatest(units_sold_90d + new_units - old_units, 0)
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_sales_sync
AFTER INSERT OR DELETE OR UPDATE OF qty, status, active, product_id, created_at ON order_items
FOR EACH ROW EXECUTE FUNCTION order_items_sales_sync();
--> statement-breakpoint
-- Moves the window to `window_days` ago and subtracts the counted lines that left it; returns how
-- many products changed. Cheap when run often: it reads only the lines between the two edges.
CREATE FUNCTION expire_product_sales(window_days int DEFAULT 90) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  old_from timestamptz;
  new_from timestamptz := now() - make_interval(days => window_days);
  changed int := 0;
BEGIN
  SELECT counted_from INTO old_from FROM product_sales_window WHERE id = 1 FOR UPDATE;
  IF new_from <= old_from THEN
    RETURN 0;
  END IF;
  UPDATE products p SET units_sold_90d = greatest(p.units_sold_90d - s.units, 0)
  FROM (
    SELECT product_id, sum(qty)::int AS units FROM order_items
    WHERE created_at >= old_from AND created_at < new_from
      AND active AND status NOT IN ('cancelled', 'refunded')
    GROUP BY product_id
  ) AS s
  WHERE p.id = s.product_id;
  GET DIAGNOSTICS changed = ROW_COUNT;
  UPDATE product_sales_window SET counted_from = new_from WHERE id = 1;
  RETURN changed;
END
$$;
--> statement-breakpoint
UPDATE products p SET units_sold_90d = s.units
FROM (
  SELECT product_id, sum(qty)::int AS units FROM order_items
  WHERE created_at >= now() - interval '90 days' AND active AND status NOT IN ('cancelled', 'refunded')
  GROUP BY product_id
) AS s
WHERE p.id = s.product_id;
