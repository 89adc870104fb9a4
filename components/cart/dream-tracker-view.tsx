"use client";

import { ShoppingBasket } from "lucide-react";
import type { CartList } from "@/lib/cart/types";
import { CartItemRow } from "./cart-item-row";
import { CartTotal, MixedCurrencyWarning } from "./cart-total";
import { DroppedNote, StatusLine } from "./list-notes";
import { hasMixedCurrencies } from "./totals";
import { useCartList } from "./use-cart-list";

export const DREAM_TRACKER_EMPTY_TEXT = "There's no item in the dream tracker.";

/** The Dream Tracker (spec part 1 section 2): items with quantity, Remove, Move to cart, and a total. */
export function DreamTrackerView({ initial, signedIn }: { initial: CartList; signedIn: boolean }) {
  const { items, pending, status, setQty, remove, move } = useCartList(
    "dreamtracker",
    initial,
    signedIn,
  );
  const mixed = hasMixedCurrencies(items);
  return (
    <div className="flex flex-col gap-5">
      {initial.dropped > 0 ? <DroppedNote count={initial.dropped} /> : null}
      {items.length === 0 ? (
        <p className="py-6 text-stone-700">{DREAM_TRACKER_EMPTY_TEXT}</p>
      ) : (
        <>
          {mixed ? <MixedCurrencyWarning items={items} kind="dreamtracker" /> : null}
          <ul className="divide-y divide-stone-200">
            {items.map((item) => (
              <CartItemRow
                key={item.p_key}
                item={item}
                busy={pending === item.p_key}
                showCode={mixed}
                onQty={(qty) => setQty(item.p_key, qty)}
                onRemove={() => remove(item.p_key)}
                actions={
                  <button
                    type="button"
                    onClick={() => move(item.p_key)}
                    disabled={pending === item.p_key || !item.purchasable}
                    aria-label={`Move ${item.name} to cart`}
                    className="text-leaf-800 hover:bg-leaf-50 inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold disabled:opacity-40"
                  >
                    <ShoppingBasket aria-hidden className="size-4" />
                    Move to cart
                  </button>
                }
              />
            ))}
          </ul>
          <div className="flex justify-end border-t border-stone-200 pt-4">
            <CartTotal items={items} showCode={mixed} />
          </div>
        </>
      )}
      <StatusLine status={status} />
    </div>
  );
}
