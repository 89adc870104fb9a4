-- Custom SQL migration file, put your code below! --
-- members.active_product_count: a merchant's active products, kept by a trigger on products, so a
-- list's total is a sum over farms (a few thousand rows) instead of a count over products.
CREATE FUNCTION products_active_count_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' THEN
    UPDATE members SET active_product_count = greatest(active_product_count - 1, 0) WHERE id = OLD.merchant_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN
    UPDATE members SET active_product_count = active_product_count + 1 WHERE id = NEW.merchant_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_active_count_sync
AFTER INSERT OR DELETE OR UPDATE OF status, merchant_id ON products
FOR EACH ROW EXECUTE FUNCTION products_active_count_sync();
--> statement-breakpoint
UPDATE members m SET active_product_count = c.n
FROM (SELECT merchant_id, count(*)::int AS n FROM products WHERE status = 'active' GROUP BY merchant_id) AS c
WHERE m.id = c.merchant_id;
