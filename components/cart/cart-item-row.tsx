import { Minus, Plus, Trash2 } from "lucide-react";
import Image from "next/image";
import Link from "next/link";
import type { ReactNode } from "react";
import type { CartItem } from "@/lib/cart/types";
import { QUANTITY_MAX, QUANTITY_MIN, SOLD_OUT_SUFFIX } from "@/lib/constants";
import { onlyLeftText } from "@/lib/catalog/stock";
import { formatMoney } from "@/lib/money";

const PICTURE_CLASSES =
  "bg-earth-100 relative aspect-[5/4] w-20 shrink-0 self-start overflow-hidden rounded-xl sm:w-28";

const UNAVAILABLE_TEXT = {
  out_of_stock: "Out of stock: it cannot be bought right now.",
  inactive: "No longer available: the farm stopped selling it.",
} as const;

/**
 * One item of the cart or the dream tracker: picture, name (a link to the product), unit price
 * and weight, quantity with minus/plus (never below 1), Remove, any extra action and the line
 * total. An item that cannot be bought says why and keeps only Remove.
 */
export function CartItemRow({
  item,
  busy,
  showCode,
  onQty,
  onRemove,
  actions,
}: {
  item: CartItem;
  busy: boolean;
  /** "CA$"/"US$" instead of "$" when the list mixes currencies. */
  showCode: boolean;
  onQty: (qty: number) => void;
  onRemove: () => void;
  actions?: ReactNode;
}) {
  const money = (cents: number) => formatMoney(cents, item.currency, { showCode });
  const locked = busy || !item.purchasable;
  // A limited product: never more than is left (decision 0042).
  const max = Math.min(QUANTITY_MAX, item.units_left ?? QUANTITY_MAX);
  const tooMany = item.purchasable && item.units_left !== null && item.qty > item.units_left;
  const hasPage = item.unavailable_reason !== "inactive";
  const productHref = `/products/${item.id}`;
  const picture = item.product_image ? (
    <Image
      src={item.product_image}
      alt=""
      fill
      sizes="(min-width: 640px) 7rem, 5rem"
      className="object-cover"
      unoptimized
    />
  ) : null;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" aria-busy={busy || undefined}>
      {/* A product the farm stopped selling has no page any more: no links to it. */}
      {hasPage ? (
        // Named like the product link after it (an unnamed link fails accessibility scans), and
        // left out of the Tab order, which reaches the same page through the name.
        <Link href={productHref} tabIndex={-1} aria-label={item.name} className={PICTURE_CLASSES}>
          {picture}
        </Link>
      ) : (
        <div aria-hidden className={PICTURE_CLASSES}>
          {picture}
        </div>
      )}

      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className="text-base font-semibold">
            {hasPage ? (
              <Link
                href={productHref}
                className="hover:text-leaf-800 underline-offset-2 hover:underline"
              >
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </h3>
          <p className="font-semibold text-stone-900">
            <span className="sr-only">Line total: </span>
            {money(item.unit_price_cents * item.qty)}
          </p>
        </div>
        <p className="mt-0.5 text-sm text-stone-600">
          {money(item.unit_price_cents)} / {item.unit_weight}
          {item.in_stock ? null : SOLD_OUT_SUFFIX} · from {item.merchant_username}
        </p>
        {item.unavailable_reason ? (
          <p className="text-tomato-600 mt-1 text-sm font-medium">
            {UNAVAILABLE_TEXT[item.unavailable_reason]}
          </p>
        ) : tooMany ? (
          <p className="text-tomato-600 mt-1 text-sm font-medium">
            {onlyLeftText(item.units_left!)}: lower the quantity to order it.
          </p>
        ) : item.only_left !== null ? (
          <p className="mt-1 text-sm font-semibold text-amber-800">
            {onlyLeftText(item.only_left)}
          </p>
        ) : null}

        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <div
            role="group"
            aria-label={`Quantity of ${item.name}`}
            className="inline-flex items-center rounded-full border border-stone-300 bg-white"
          >
            <button
              type="button"
              aria-label={`Decrease quantity of ${item.name}`}
              disabled={locked || item.qty <= QUANTITY_MIN}
              onClick={() => onQty(tooMany ? item.units_left! : item.qty - 1)}
              className="inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 disabled:opacity-40"
            >
              <Minus aria-hidden className="size-4" />
            </button>
            <output
              aria-live="polite"
              aria-label={`Quantity of ${item.name}`}
              className="min-w-8 text-center font-semibold tabular-nums"
            >
              {item.qty}
            </output>
            <button
              type="button"
              aria-label={`Increase quantity of ${item.name}`}
              disabled={locked || item.qty >= max}
              onClick={() => onQty(item.qty + 1)}
              className="inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 disabled:opacity-40"
            >
              <Plus aria-hidden className="size-4" />
            </button>
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            aria-label={`Remove ${item.name}`}
            className="hover:text-tomato-600 inline-flex h-10 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-stone-700 disabled:opacity-40"
          >
            <Trash2 aria-hidden className="size-4" />
            Remove
          </button>
          {actions}
        </div>
      </div>
    </li>
  );
}

/**
 * The rows of the cart or the Dream Tracker, each with its button that moves the item to the
 * other list (`move`: its text, its accessible name for an item, its icon).
 */
export function CartItemList({
  items,
  pending,
  showCode,
  onQty,
  onRemove,
  onMove,
  move,
}: {
  items: CartItem[];
  pending: string | null;
  showCode: boolean;
  onQty: (pKey: string, qty: number) => void;
  onRemove: (pKey: string) => void;
  onMove: (pKey: string) => void;
  move: { text: string; label: (name: string) => string; icon: ReactNode };
}) {
  return (
    <ul className="divide-y divide-stone-200">
      {items.map((item) => (
        <CartItemRow
          key={item.p_key}
          item={item}
          busy={pending === item.p_key}
          showCode={showCode}
          onQty={(qty) => onQty(item.p_key, qty)}
          onRemove={() => onRemove(item.p_key)}
          actions={
            <button
              type="button"
              onClick={() => onMove(item.p_key)}
              disabled={pending === item.p_key || !item.purchasable}
              aria-label={move.label(item.name)}
              className="text-leaf-800 hover:bg-leaf-50 inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold disabled:opacity-40"
            >
              {move.icon}
              {move.text}
            </button>
          }
        />
      ))}
    </ul>
  );
}
