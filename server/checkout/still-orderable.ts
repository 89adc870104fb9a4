import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { PaymentType } from "@/lib/constants";

/**
 * The check a checkout made on each product (`unavailableReason`, and the price its total was made
 * of), as SQL for the statement that writes what was checked: true when product `p` can still be
 * bought with `paymentType` at `unitPriceCents` in `currency`, as that statement sees it. A
 * product the farmer withdrew, sold out, stopped offering for this payment type or repriced after
 * the check then writes nothing (decision 0026). `stock` is the stock part (decision 0042):
 * `stockAsRead` for a write, `stockStillHeld` for an order that exists. Keep it and
 * `unavailableReason` alike.
 */
export function stillOrderable(
  paymentType: PaymentType,
  line: { unitPriceCents: SQL; currency: SQL; stock: SQL },
): SQL {
  const offered =
    paymentType === "in_person"
      ? sql`p.pay_in_person`
      : sql`p.pay_by_card and exists (select 1 from members m
          where m.id = p.merchant_id and m.payout_acct_set)`;
  return sql`(p.status = 'active' and p.in_stock and ${offered}
    and p.unit_price_cents = ${line.unitPriceCents} and p.currency = ${line.currency}
    and ${line.stock})`;
}

/**
 * For a write: the product is limited or not as the check read it (`stockTaken` null when it was
 * unlimited), and what the line takes is still there as the statement sees it. The take itself
 * runs under the row lock, guarded by products_available_qty_non_negative: this only saves a
 * write that would fail.
 */
export function stockAsRead(stockTaken: SQL): SQL {
  return sql`((p.available_qty is null) = (${stockTaken} is null)
    and (p.available_qty is null or p.available_qty >= ${stockTaken}))`;
}

/**
 * For an order awaiting payment: while it holds its stock (`holding`), the stock is its own; once
 * the hold was let go, what a line needs must be left again (or the product became unlimited).
 */
export function stockStillHeld(stockTaken: SQL, holding: SQL): SQL {
  return sql`(${holding} or ${stockTaken} is null or p.available_qty is null
    or p.available_qty >= ${stockTaken})`;
}

/**
 * True when every line of `lines` (a jsonb array of `PendingLine`s, as a card order keeps them)
 * still passes `stillOrderable` by card; false when one does not or its product is gone. Without
 * `holding` the lines are about to be written (stock as read); with it they are an order's, which
 * holds its stock while `holding` is true.
 */
export function everyCardLineStillOrderable(lines: SQL, currency: SQL, holding?: SQL): SQL {
  const stockTaken = sql`l."stockTaken"::numeric`;
  const passes = stillOrderable("by_card", {
    unitPriceCents: sql`l."unitPriceCents"`,
    currency,
    stock: holding ? stockStillHeld(stockTaken, holding) : stockAsRead(stockTaken),
  });
  return sql`(select coalesce(bool_and(coalesce(${passes}, false)), false)
    from jsonb_to_recordset(${lines}) as l("productId" int, "unitPriceCents" int, "stockTaken" text)
    left join products p on p.id = l."productId")`;
}
