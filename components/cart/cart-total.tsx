import type { CartItem, CartKind } from "@/lib/cart/types";
import { formatMoney } from "@/lib/money";
import { totalsByCurrency } from "./totals";

/** "Total $23.50", or one line per currency when the list mixes them. */
export function CartTotal({ items, showCode }: { items: readonly CartItem[]; showCode: boolean }) {
  const totals = totalsByCurrency(items);
  return (
    <dl className="flex flex-col items-end gap-1">
      {(totals.length ? totals : [{ currency: "CAD" as const, cents: 0 }]).map(
        ({ currency, cents }) => (
          <div key={currency} className="flex items-baseline gap-3">
            <dt className="text-sm font-medium text-stone-600">
              {showCode ? `Total (${currency})` : "Total"}
            </dt>
            <dd className="text-xl font-bold text-stone-900 tabular-nums">
              {formatMoney(cents, currency, { showCode })}
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}

/** A plain warning when one list holds both currencies: one checkout takes one currency. */
export function MixedCurrencyWarning({
  items,
  kind,
}: {
  items: readonly CartItem[];
  kind: CartKind;
}) {
  const usd = items.filter((item) => item.currency === "USD").map((item) => item.name);
  const cad = items.filter((item) => item.currency === "CAD").map((item) => item.name);
  return (
    <div
      role="note"
      className="border-earth-300 bg-earth-50 text-earth-900 rounded-xl border p-3 text-sm"
    >
      <p className="font-semibold">This list mixes Canadian and US dollars.</p>
      <p className="mt-1">
        One checkout takes one currency, so check out the items of one currency at a time:{" "}
        {kind === "cart"
          ? "move the others to your Dream Tracker first."
          : "move only those to the cart."}{" "}
        In Canadian dollars: {cad.join(", ")}. In US dollars: {usd.join(", ")}.
      </p>
    </div>
  );
}
