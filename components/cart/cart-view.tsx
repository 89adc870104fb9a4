"use client";

import { ArrowRight, Heart } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ButtonLink } from "@/components/ui/button";
import type { CartItem, CartList } from "@/lib/cart/types";
import type { PaymentType } from "@/lib/constants";
import { deliveryDestinationForCart } from "@/lib/validation/delivery-destination";
import { CartItemList } from "./cart-item-row";
import { CartTotal, MixedCurrencyWarning } from "./cart-total";
import { DroppedNote, StatusLine } from "./list-notes";
import { hasMixedCurrencies } from "./totals";
import { useCartList } from "./use-cart-list";

export const CART_EMPTY_TEXT = "There is no item. Check next tab for cart item(s).";

const TABS: { type: PaymentType; label: string; accepts: (item: CartItem) => boolean }[] = [
  { type: "by_card", label: "Pay by Card", accepts: (item) => item.pay_by_card },
  { type: "in_person", label: "Pay in Person", accepts: (item) => item.pay_in_person },
];

/**
 * The Shopping Cart (spec part 1 section 2): tabs Pay by Card and Pay in Person, each listing the
 * items whose product takes that payment (an item taking both shows in both), with quantity,
 * Remove, line totals, the tab's total and Proceed to Next.
 */
export function CartView({
  initial,
  signedIn,
  cardPaymentsEnabled,
}: {
  initial: CartList;
  signedIn: boolean;
  cardPaymentsEnabled: boolean;
}) {
  const { items, pending, status, setQty, remove, move } = useCartList("cart", initial, signedIn);
  const [selected, setSelected] = useState<PaymentType>(() =>
    cardPaymentsEnabled && initial.items.some((item) => item.pay_by_card) ? "by_card" : "in_person",
  );
  const baseId = useId();
  const tabRefs = useRef<Record<PaymentType, HTMLButtonElement | null>>({
    by_card: null,
    in_person: null,
  });

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((tab) => tab.type === selected);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const type = TABS[next]!.type;
    setSelected(type);
    tabRefs.current[type]?.focus();
  }

  return (
    <div className="flex flex-col gap-5">
      {initial.dropped > 0 ? <DroppedNote count={initial.dropped} /> : null}
      <div role="tablist" aria-label="Payment" className="flex gap-1 border-b border-stone-200">
        {TABS.map((tab) => {
          const isSelected = tab.type === selected;
          const count = items.filter(tab.accepts).length;
          return (
            <button
              key={tab.type}
              ref={(el) => {
                tabRefs.current[tab.type] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.type}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.type}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(tab.type)}
              onKeyDown={onTabKey}
              className={
                isSelected
                  ? "border-leaf-700 text-leaf-900 -mb-px flex-1 border-b-[3px] px-3 py-3 text-[0.9375rem] font-semibold sm:flex-none sm:px-5"
                  : "-mb-px flex-1 border-b-[3px] border-transparent px-3 py-3 text-[0.9375rem] font-medium text-stone-600 hover:text-stone-900 sm:flex-none sm:px-5"
              }
            >
              {tab.label}
              <span className="ml-1.5 text-sm font-normal text-stone-600">({count})</span>
            </button>
          );
        })}
      </div>

      {TABS.map((tab) => (
        <div
          key={tab.type}
          role="tabpanel"
          id={`${baseId}-panel-${tab.type}`}
          aria-labelledby={`${baseId}-tab-${tab.type}`}
          hidden={tab.type !== selected}
          tabIndex={0}
          className="rounded-sm"
        >
          {tab.type === selected ? (
            <CartTab
              paymentType={tab.type}
              items={items.filter(tab.accepts)}
              signedIn={signedIn}
              cardsOff={tab.type === "by_card" && !cardPaymentsEnabled}
              pending={pending}
              onQty={setQty}
              onRemove={remove}
              onMove={move}
            />
          ) : null}
        </div>
      ))}

      <StatusLine status={status} />
    </div>
  );
}

const MOVE_TO_DREAM_TRACKER = {
  text: "Move to Dream Tracker",
  label: (name: string) => `Move to Dream Tracker: ${name}`,
  icon: <Heart aria-hidden className="size-4" />,
};

function CartTab({
  paymentType,
  items,
  signedIn,
  cardsOff,
  pending,
  onQty,
  onRemove,
  onMove,
}: {
  paymentType: PaymentType;
  items: CartItem[];
  signedIn: boolean;
  cardsOff: boolean;
  pending: string | null;
  onQty: (pKey: string, qty: number) => void;
  onRemove: (pKey: string) => void;
  /** To the dream tracker, to buy later (or in another checkout, as with a second currency). */
  onMove: (pKey: string) => void;
}) {
  const mixed = hasMixedCurrencies(items);
  const buyable = items.filter((item) => item.purchasable);
  const destination = deliveryDestinationForCart(buyable);
  const next = signedIn
    ? `/checkout/delivery/${paymentType}/${destination}`
    : "/login?redirectTo=cart";

  return (
    <div className="flex flex-col gap-4">
      {cardsOff ? (
        <p
          role="note"
          className="border-earth-300 bg-earth-50 text-earth-900 rounded-xl border p-3 text-sm"
        >
          Card payments are not available yet. Items you can pay for in person are in the Pay in
          Person tab.
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="py-6 text-stone-700">{CART_EMPTY_TEXT}</p>
      ) : (
        <>
          {mixed ? <MixedCurrencyWarning items={items} kind="cart" /> : null}
          <CartItemList
            items={items}
            pending={pending}
            showCode={mixed}
            onQty={onQty}
            onRemove={onRemove}
            onMove={onMove}
            move={MOVE_TO_DREAM_TRACKER}
          />
          <div className="flex flex-col items-stretch gap-4 border-t border-stone-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <CartTotal items={items} showCode={mixed} />
            {cardsOff ? null : buyable.length > 0 ? (
              <ButtonLink href={next} size="lg" className="w-full sm:order-first sm:w-auto">
                Proceed to Next
                <ArrowRight aria-hidden />
              </ButtonLink>
            ) : (
              <p className="text-sm text-stone-600 sm:order-first">
                None of these items can be bought right now.
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
