-- Custom SQL migration file, put your code below! --
-- merchant_line_counts: each farmer's received order lines, any status, so the received-orders
-- list's total is one row instead of a count over the farmer's lines (145,000 at L: 10-15 ms).
-- Kept per statement, from its transition table: a checkout's lines add to each farmer's counter
-- in one upsert that locks the counters in farmer id order, when the lines are inserted. The sales
-- trigger (0008) locks products at commit, in product id order, in every path (checkout, cancel,
-- status updates). Two transactions therefore take counters in one order, then products in one
-- order, and cannot wait on each other in a cycle.
CREATE FUNCTION order_items_line_count_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_line_counts (merchant_id, line_count)
  SELECT merchant_id, count(*)::int FROM new_lines GROUP BY merchant_id ORDER BY merchant_id
  ON CONFLICT (merchant_id) DO UPDATE
    SET line_count = merchant_line_counts.line_count + excluded.line_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION order_items_line_count_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM merchant_line_counts
  WHERE merchant_id IN (SELECT merchant_id FROM old_lines)
  ORDER BY merchant_id FOR UPDATE;
  UPDATE merchant_line_counts AS c SET line_count = greatest(c.line_count - d.n, 0)
  FROM (SELECT merchant_id, count(*)::int AS n FROM old_lines GROUP BY merchant_id) AS d
  WHERE c.merchant_id = d.merchant_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order line is a record of a sale by one farmer: it never moves to another.
CREATE FUNCTION order_items_keep_merchant() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an order line keeps its farmer (order_items.merchant_id)';
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_line_count_add
AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_lines
FOR EACH STATEMENT EXECUTE FUNCTION order_items_line_count_add();
--> statement-breakpoint
CREATE TRIGGER order_items_line_count_remove
AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_lines
FOR EACH STATEMENT EXECUTE FUNCTION order_items_line_count_remove();
--> statement-breakpoint
CREATE TRIGGER order_items_keep_merchant
BEFORE UPDATE OF merchant_id ON order_items
FOR EACH ROW WHEN (OLD.merchant_id IS DISTINCT FROM NEW.merchant_id)
EXECUTE FUNCTION order_items_keep_merchant();
--> statement-breakpoint
INSERT INTO merchant_line_counts (merchant_id, line_count)
SELECT merchant_id, count(*)::int FROM order_items GROUP BY merchant_id;
