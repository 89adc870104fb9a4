"use client";

import { Heart, ShoppingBasket } from "lucide-react";
import { useState } from "react";
import { send } from "@/components/account/send";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";
import type { CartKind } from "@/lib/cart/types";
import { announceCount } from "./cart-events";

type Props = {
  product: { id: number; pKey: string; inStock: boolean; name: string };
  qty: number;
};

type AddAnswer = { message: string; count: number };

/**
 * The product page's "Add to Cart" and "Add to Dream Tracker" buttons. They post to the cart APIs
 * (visitors get cookies, members rows), announce the answer in a live region and update the
 * header badges. Out of stock: both disabled; also until the page has hydrated, so an early tap
 * on a slow phone meets a button that visibly waits instead of one that ignores it.
 */
export function CartButtons({ product, qty }: Props) {
  const [pending, setPending] = useState<CartKind | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const hydrated = useHydrated();
  const disabled = !hydrated || !product.inStock || pending !== null;

  async function add(kind: CartKind) {
    setPending(kind);
    setStatus(null);
    const result = await send<AddAnswer>(`/api/${kind}`, { json: { pKey: product.pKey, qty } });
    setPending(null);
    if (result.ok) {
      announceCount(kind, result.data.count);
      setStatus({ ok: true, text: result.data.message });
    } else {
      const detail = Object.values(result.fieldErrors)[0];
      setStatus({ ok: false, text: detail ?? result.message });
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          size="lg"
          disabled={disabled}
          aria-busy={pending === "cart"}
          onClick={() => void add("cart")}
          className="w-full sm:w-auto"
        >
          <ShoppingBasket aria-hidden />
          {pending === "cart" ? "Adding…" : "Add to Cart"}
        </Button>
        <Button
          size="lg"
          variant="secondary"
          disabled={disabled}
          aria-busy={pending === "dreamtracker"}
          onClick={() => void add("dreamtracker")}
          className="w-full sm:w-auto"
        >
          <Heart aria-hidden />
          {pending === "dreamtracker" ? "Adding…" : "Add to Dream Tracker"}
        </Button>
      </div>
      {!product.inStock ? (
        <p className="text-sm text-stone-600">This product is out of stock.</p>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        className={status?.ok === false ? "text-tomato-600 text-sm" : "text-leaf-800 text-sm"}
      >
        {status?.text ?? ""}
      </p>
    </div>
  );
}
