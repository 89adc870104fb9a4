"use client";

import { useState } from "react";
import { CartButtons } from "@/components/cart/cart-buttons";
import { QUANTITY_MIN } from "@/lib/constants";
import { QuantityControl } from "./quantity-control";

type Props = {
  product: {
    id: number;
    pKey: string;
    inStock: boolean;
    name: string;
    /** Whole units left to buy (the picker's cap), or null when unlimited. */
    unitsLeft: number | null;
  };
};

/**
 * The product page's buying controls: the quantity, then Add to Cart and Add to Dream Tracker.
 * The picker never goes above what is left (decision 0042); the cart refuses more anyway.
 */
export function ProductPurchase({ product }: Props) {
  const [qty, setQty] = useState(QUANTITY_MIN);
  return (
    <div className="flex flex-col gap-4">
      <QuantityControl
        value={qty}
        onChange={setQty}
        disabled={!product.inStock}
        max={product.unitsLeft ?? undefined}
      />
      <CartButtons product={product} qty={qty} />
    </div>
  );
}
