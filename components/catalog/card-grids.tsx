"use client";

import type { MerchantCardView, ProductCardView } from "@/lib/catalog/card-view";
import { MerchantCard } from "./merchant-card";
import { ProductCard } from "./product-card";
import { MERCHANT_GRID_CLASSES, PRODUCT_GRID_CLASSES } from "./skeletons";

/*
 * The dashboard's rows of cards, drawn in the browser's bundle from the few fields a card shows.
 * A server-rendered card went into the page twice, as HTML and again as its whole element tree in
 * the page data (about 2.5 kB a product card); as a client component only its fields are in the
 * page data (about 0.3 kB). The HTML is the same.
 */

/** A grid of product cards. Give it `toProductCardView`s: only what a card shows. */
export function ProductCardGrid({ products }: { products: ProductCardView[] }) {
  return (
    <ul className={PRODUCT_GRID_CLASSES}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

/** A grid of farmer cards. Give it `toMerchantCardView`s: only what a card shows. */
export function MerchantCardGrid({ merchants }: { merchants: MerchantCardView[] }) {
  return (
    <ul className={MERCHANT_GRID_CLASSES}>
      {merchants.map((merchant) => (
        <li key={merchant.id}>
          <MerchantCard merchant={merchant} />
        </li>
      ))}
    </ul>
  );
}
