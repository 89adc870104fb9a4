"use client";

import { useState } from "react";
import { CartButtons } from "@/components/cart/cart-buttons";
import { QUANTITY_MIN } from "@/lib/constants";
import { QuantityControl } from "./quantity-control";

type Props = { product: { id: number; pKey: string; inStock: boolean; name: string } };

/** The product page's buying controls: the quantity, then Add to Cart and Add to Dream Tracker. */
export function ProductPurchase({ product }: Props) {
  const [qty, setQty] = useState(QUANTITY_MIN);
  return (
    <div className="flex flex-col gap-4">
      <QuantityControl value={qty} onChange={setQty} disabled={!product.inStock} />
      <CartButtons product={product} qty={qty} />
    </div>
  );
}
