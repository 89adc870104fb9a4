import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { PaymentType } from "@/lib/constants";

/**
 * The check a checkout made on each product (`unavailableReason`, and the price its total was made
 * of), as SQL for the statement that writes what was checked: true when product `p` can still be
 * bought with `paymentType` at `unitPriceCents` in `currency`, as that statement sees it. A
 * product the farmer withdrew, sold out, stopped offering for this payment type or repriced after
 * the check then writes nothing (decision 0026). Keep it and `unavailableReason` alike.
 */
export function stillOrderable(
  paymentType: PaymentType,
  line: { unitPriceCents: SQL; currency: SQL },
): SQL {
  const offered =
    paymentType === "in_person"
      ? sql`p.pay_in_person`
      : sql`p.pay_by_card and exists (select 1 from members m
          where m.id = p.merchant_id and m.payout_acct_set)`;
  return sql`(p.status = 'active' and p.in_stock and ${offered}
    and p.unit_price_cents = ${line.unitPriceCents} and p.currency = ${line.currency})`;
}

/**
 * True when every line of `lines` (a jsonb array of `PendingLine`s, as a card order keeps them)
 * still passes `stillOrderable` by card; false when one does not or its product is gone.
 */
export function everyCardLineStillOrderable(lines: SQL, currency: SQL): SQL {
  const passes = stillOrderable("by_card", {
    unitPriceCents: sql`l."unitPriceCents"`,
    currency,
  });
  return sql`(select coalesce(bool_and(coalesce(${passes}, false)), false)
    from jsonb_to_recordset(${lines}) as l("productId" int, "unitPriceCents" int)
    left join products p on p.id = l."productId")`;
}
