import { useEffect, useState } from "react";
import type { CartCounts, CartKind } from "@/lib/cart/types";

/**
 * How the header badges learn about changes without a reload: whoever changes the cart or the
 * dream tracker through the API announces the new count with `announceCount`, and the badges
 * (`useCartCounts`) listen.
 */
const CART_COUNT_EVENT = "cart:count";

type CartCountDetail = { kind: CartKind; count: number };

/**
 * The counts announced since this page loaded. A badge that hydrates after an announcement (the
 * header streams in and hydrates late on a slow phone) would otherwise never hear of it.
 */
let announced: Partial<CartCounts> = {};

export function announceCount(kind: CartKind, count: number): void {
  announced = { ...announced, [kind]: count };
  window.dispatchEvent(
    new CustomEvent<CartCountDetail>(CART_COUNT_EVENT, { detail: { kind, count } }),
  );
}

/** The counts the server rendered, kept current by `announceCount`. */
export function useCartCounts(initial: CartCounts | undefined): CartCounts | undefined {
  const [counts, setCounts] = useState(initial);
  const [seen, setSeen] = useState(initial);
  // A new render from the server (navigation, refresh) brings fresh numbers.
  if (seen !== initial) {
    setSeen(initial);
    setCounts(initial);
  }
  useEffect(() => {
    // After hydration, so the first client render still matches the server's HTML.
    const catchUp =
      Object.keys(announced).length > 0
        ? setTimeout(
            () => setCounts((current) => ({ cart: 0, dreamtracker: 0, ...current, ...announced })),
            0,
          )
        : undefined;
    const onCount = (event: Event) => {
      const { kind, count } = (event as CustomEvent<CartCountDetail>).detail;
      setCounts((current) => ({ cart: 0, dreamtracker: 0, ...current, [kind]: count }));
    };
    window.addEventListener(CART_COUNT_EVENT, onCount);
    return () => {
      clearTimeout(catchUp);
      window.removeEventListener(CART_COUNT_EVENT, onCount);
    };
  }, []);
  return counts;
}

/** "Cart, 3 items", "Dream Tracker, 1 item", "Cart, empty". */
export function countLabel(label: string, count: number): string {
  if (count <= 0) return `${label}, empty`;
  return `${label}, ${count} ${count === 1 ? "item" : "items"}`;
}
