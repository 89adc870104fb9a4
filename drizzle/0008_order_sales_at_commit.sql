-- Custom SQL migration file, put your code below! --
-- A checkout adds to units_sold_90d of every product it sells: that update locks the product row
-- until the transaction ends, so concurrent checkouts of the same products wait on each other.
-- Deferred to the commit, the lock is held for the commit alone instead of the whole checkout.
-- (placeOrder inserts its lines by product id, so two checkouts lock shared products in the same
-- order and cannot deadlock.)
DROP TRIGGER order_items_sales_sync ON order_items;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER order_items_sales_sync
AFTER INSERT OR DELETE OR UPDATE OF qty, status, active, product_id, created_at ON order_items
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION order_items_sales_sync();
