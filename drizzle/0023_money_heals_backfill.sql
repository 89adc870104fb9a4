-- Decision 0037: lines refunded before money was counted per line keep their whole total as
-- refunded; refunds asked before `refund_by` existed are finished as the customer's cancel asked
-- them (the order was cancelled) or as the farm's status change otherwise.
UPDATE "order_items" AS "i" SET "refunded_cents" = "i"."unit_price_cents" * "i"."qty"
FROM "orders" AS "o"
WHERE "o"."id" = "i"."order_id" AND "o"."payment_type" = 'card' AND "i"."refunded_at" IS NOT NULL;--> statement-breakpoint
UPDATE "order_items" AS "i"
SET "refund_by" = CASE WHEN "o"."cancelled_at" IS NOT NULL THEN 'customer'::refund_actor ELSE 'farm'::refund_actor END,
    "refund_to" = 'refunded'::order_item_status
FROM "orders" AS "o"
WHERE "o"."id" = "i"."order_id" AND "i"."refund_requested_at" IS NOT NULL AND "i"."refunded_at" IS NULL;
