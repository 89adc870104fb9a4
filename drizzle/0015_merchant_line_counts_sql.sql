-- Custom SQL migration file, put your code below! --
-- merchant_line_counts: each farmer's received order lines, any status, so the received-orders
-- list's total is one row instead of a count over the farmer's lines (145,000 at L: 10-15 ms).
-- Deferred to the commit like the sales trigger (0008): a checkout holds a farmer's counter row
-- for its commit alone. placeOrder inserts its lines by farmer, then product, and this trigger's
-- name sorts before order_items_sales_sync, so two checkouts take counters and products in one
-- order and cannot deadlock.
CREATE FUNCTION order_items_line_count_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.merchant_id = NEW.merchant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE merchant_line_counts SET line_count = greatest(line_count - 1, 0)
    WHERE merchant_id = OLD.merchant_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO merchant_line_counts (merchant_id, line_count) VALUES (NEW.merchant_id, 1)
    ON CONFLICT (merchant_id) DO UPDATE SET line_count = merchant_line_counts.line_count + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_items_line_count_sync
AFTER INSERT OR DELETE OR UPDATE OF merchant_id ON order_items
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION order_items_line_count_sync();
--> statement-breakpoint
INSERT INTO merchant_line_counts (merchant_id, line_count)
SELECT merchant_id, count(*)::int FROM order_items GROUP BY merchant_id;
