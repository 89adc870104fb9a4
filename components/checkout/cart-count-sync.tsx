"use client";

import { useEffect } from "react";
import { announceCount } from "@/components/cart/cart-events";

/**
 * Tells the header's cart badge the count after checkout: the page was reached by a client-side
 * navigation, so the header (part of the layout) was not rendered again with the emptied cart.
 */
export function CartCountSync({ count }: { count: number }) {
  useEffect(() => {
    announceCount("cart", count);
  }, [count]);
  return null;
}
