import { ShoppingBasket, Store, Truck } from "lucide-react";
import Image from "next/image";
import Link from "next/link";
import type { DeliveryMethod } from "@/lib/constants";
import { formatMoney, type Currency } from "@/lib/money";

/** One line as the checkout pages show it; money already in cents with its currency. */
export type OrderLineView = {
  key: string;
  name: string;
  /** The product page, when it still exists. */
  href?: string;
  imageUrl?: string | null;
  qty: number;
  unitPriceCents: number;
  /** "ea" or "2 lbs". */
  priceUnit: string;
  lineTotalCents: number;
  currency: Currency;
  farmer: string;
  howToGet: DeliveryMethod;
  howToGetLabel: string;
};

/**
 * The lines of a checkout or an order: a stacked card per line on phones, a row on wide screens.
 * Each line says what it is, how many, the price, the farmer and how it reaches the customer.
 */
export function OrderLines({ lines, label }: { lines: readonly OrderLineView[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
    >
      {lines.map((line) => {
        const HowIcon = line.howToGet === "free_delivery" ? Truck : Store;
        return (
          <li key={line.key} className="flex gap-4 p-4 sm:p-5">
            <div className="bg-earth-100 text-earth-400 flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl">
              {line.imageUrl ? (
                <Image
                  src={line.imageUrl}
                  alt=""
                  width={64}
                  height={64}
                  unoptimized
                  className="size-full object-cover"
                />
              ) : (
                <ShoppingBasket aria-hidden className="size-7" strokeWidth={1.5} />
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  {line.href ? (
                    <Link
                      href={line.href}
                      className="hover:text-leaf-800 underline-offset-2 hover:underline"
                    >
                      {line.name}
                    </Link>
                  ) : (
                    line.name
                  )}
                </p>
                <p className="text-sm text-stone-700">
                  Qty {line.qty} × {formatMoney(line.unitPriceCents, line.currency)} /{" "}
                  {line.priceUnit}
                </p>
                <p className="text-sm text-stone-700">Farmer: {line.farmer}</p>
                <p className="flex items-center gap-1.5 text-sm text-stone-700">
                  <HowIcon aria-hidden className="size-4" />
                  {line.howToGetLabel}
                </p>
              </div>
              <p className="font-semibold whitespace-nowrap text-stone-900 sm:text-right">
                <span className="sr-only">Line total: </span>
                {formatMoney(line.lineTotalCents, line.currency, { showCode: true })}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The total per currency (a checkout holds one; a mixed cart shows both before it is fixed). */
export function OrderTotals({
  totals,
}: {
  totals: readonly { currency: Currency; totalCents: number }[];
}) {
  return (
    <dl className="mt-4 flex flex-col gap-1 rounded-2xl bg-stone-50 p-4 sm:p-5">
      {totals.map((total) => (
        <div
          key={total.currency}
          className="flex items-baseline justify-between gap-4 text-lg font-bold text-stone-900"
        >
          <dt>Total ({total.currency})</dt>
          <dd>{formatMoney(total.totalCents, total.currency, { showCode: true })}</dd>
        </div>
      ))}
    </dl>
  );
}
