-- Custom SQL migration file, put your code below! --
-- product_names: active products by whole name, lowercased (the exact-name count of a keyword).
-- One pass over the net change per name, in name order: concurrent writers lock the same names in
-- the same order, so they cannot deadlock.
CREATE FUNCTION products_names_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT d.name, sum(d.delta)::int AS delta
    FROM (
      SELECT lower(OLD.name) AS name, -1 AS delta WHERE TG_OP <> 'INSERT' AND OLD.status = 'active'
      UNION ALL
      SELECT lower(NEW.name), 1 WHERE TG_OP <> 'DELETE' AND NEW.status = 'active'
    ) AS d
    GROUP BY d.name
    HAVING sum(d.delta) <> 0
    ORDER BY d.name
  LOOP
    INSERT INTO product_names AS pn (name, product_count)
    VALUES (change.name, greatest(change.delta, 0))
    ON CONFLICT (name) DO UPDATE SET product_count = pn.product_count + change.delta;
    DELETE FROM product_names WHERE name = change.name AND product_count <= 0;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_names_sync
AFTER INSERT OR DELETE OR UPDATE OF name, status ON products
FOR EACH ROW EXECUTE FUNCTION products_names_sync();
--> statement-breakpoint
INSERT INTO product_names (name, product_count)
SELECT lower(name), count(*)::int FROM products WHERE status = 'active' GROUP BY lower(name);
