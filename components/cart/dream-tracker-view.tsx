"use client";

import { ShoppingBasket } from "lucide-react";
import type { CartList } from "@/lib/cart/types";
import { CartItemList } from "./cart-item-row";
import { CartTotal, MixedCurrencyWarning } from "./cart-total";
import { DroppedNote, StatusLine } from "./list-notes";
import { hasMixedCurrencies } from "./totals";
import { useCartList } from "./use-cart-list";

export const DREAM_TRACKER_EMPTY_TEXT = "There's no item in the dream tracker.";

const MOVE_TO_CART = {
  text: "Move to cart",
  label: (name: string) => `Move ${name} to cart`,
  icon: <ShoppingBasket aria-hidden className="size-4" />,
};

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
          <CartItemList
            items={items}
            pending={pending}
            showCode={mixed}
            onQty={setQty}
            onRemove={remove}
            onMove={move}
            move={MOVE_TO_CART}
          />
          <div className="flex justify-end border-t border-stone-200 pt-4">
            <CartTotal items={items} showCode={mixed} />
          </div>
        </>
      )}
      <StatusLine status={status} />
    </div>
  );
}
