import type { Metadata } from "next";
import { Suspense } from "react";
import { CartView } from "@/components/cart/cart-view";
import { ListSkeleton } from "@/components/cart/list-skeleton";
import { loadCartList } from "@/server/pages";
import { getEnv } from "@/server/env";

export const metadata: Metadata = { title: "Shopping Cart", robots: { index: false } };

// GET /cart: the Shopping Cart of the member or the visitor, by payment type
export default function CartPage() {
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Shopping Cart</h1>
      <div className="mt-6 max-w-3xl">
        <Suspense fallback={<ListSkeleton label="Loading your cart…" />}>
          <Cart />
        </Suspense>
      </div>
    </div>
  );
}

async function Cart() {
  const { list, signedIn } = await loadCartList("cart");
  return (
    <CartView
      initial={list}
      signedIn={signedIn}
      cardPaymentsEnabled={getEnv().cardPaymentsEnabled}
    />
  );
}
