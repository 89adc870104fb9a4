import Image from "next/image";
import Link from "next/link";
import type { ReactNode } from "react";
import { SpriteIcon } from "@/components/icons/sprite-icon";
import type { ProductCardView } from "@/lib/catalog/card-view";
import { CARD_DESCRIPTION_MAX_CHARS, SOLD_OUT_SUFFIX, type DeliveryMethod } from "@/lib/constants";
import { onlyLeftText } from "@/lib/catalog/stock";
import { truncate } from "@/lib/format";
import { ScoreStars } from "./score-stars";

/** The card's text area is at least this tall, so a skeleton of the same size holds its place. */
export const PRODUCT_CARD_BODY_MIN_HEIGHT = "min-h-[15rem]";

/** Card image slot: 5:4 (PRODUCT_IMAGE_ASPECT 0.8), the size of the stored `sm` image. */
const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 320;

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  free_delivery: "Free delivery",
  in_store: "Pickup at the farm",
};

/** "$6.99 CAD / 2 lbs", with " - SOLD OUT" when it is out of stock (spec: the price title). */
export function priceTitle(
  product: Pick<ProductCardView, "currencySymbol" | "price" | "currency" | "priceUnit" | "inStock">,
): string {
  const price = `${product.currencySymbol}${product.price} ${product.currency} / ${product.priceUnit}`;
  return product.inStock ? price : `${price}${SOLD_OUT_SUFFIX}`;
}

/**
 * One product in a grid (dashboard, search, store pages). The title links to the product page and
 * its link covers the whole card. The image slot has a fixed ratio, so nothing moves as images load.
 * `action` (the search results' Ask The Farmer) sits in a row of its own below, above the link.
 */
export function ProductCard({
  product,
  headingLevel = "h3",
  priority = false,
  action,
  showStock = false,
}: {
  product: ProductCardView;
  headingLevel?: "h2" | "h3" | "h4";
  /** Load the image eagerly (the first row above the fold). */
  priority?: boolean;
  action?: ReactNode;
  /** Say "Only N left" under the price when the farm's threshold is reached (store pages). */
  showStock?: boolean;
}) {
  const Heading = headingLevel;
  const deliveryIcon = product.deliveryMethod === "free_delivery" ? "truck" : "store";
  const place = [product.merchantCity, product.merchantProvinceState].filter(Boolean).join(", ");
  return (
    <article className="group card-frame overflow-hidden">
      <div className="bg-earth-100 relative aspect-[5/4] w-full overflow-hidden">
        {product.image ? (
          <Image
            src={product.image}
            alt=""
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            unoptimized
            loading={priority ? "eager" : "lazy"}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="text-earth-400 flex size-full items-center justify-center">
            <SpriteIcon name="shopping-basket" className="size-12" />
          </div>
        )}
        {product.inStock ? null : (
          <span className="absolute top-3 left-3 rounded-full bg-stone-900/85 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase">
            Sold out
          </span>
        )}
      </div>
      <div className={`flex flex-1 flex-col gap-2 p-4 ${PRODUCT_CARD_BODY_MIN_HEIGHT}`}>
        <Heading className="text-lg leading-snug font-bold text-stone-900">
          <Link href={`/products/${product.id}`} className="card-link">
            {product.title}
          </Link>
        </Heading>
        <p className="text-leaf-800 font-semibold">{priceTitle(product)}</p>
        {showStock && product.inStock && typeof product.onlyLeft === "number" ? (
          <p className="text-sm font-semibold text-amber-800">{onlyLeftText(product.onlyLeft)}</p>
        ) : null}
        <p className="text-sm leading-relaxed text-stone-700">
          {truncate(product.detail, CARD_DESCRIPTION_MAX_CHARS)}
        </p>
        <div className="mt-auto flex flex-col gap-1.5 pt-2 text-sm text-stone-700">
          <ScoreStars score={product.score} count={product.reviewCount} />
          <p className="flex items-center gap-1.5">
            <SpriteIcon name={deliveryIcon} className="text-leaf-700 size-4 shrink-0" />
            {DELIVERY_METHOD_LABELS[product.deliveryMethod]}
          </p>
          {place ? (
            <p className="flex items-center gap-1.5">
              <SpriteIcon name="map-pin" className="text-leaf-700 size-4 shrink-0" />
              <span>
                {place}
                {typeof product.distanceKm === "number" ? (
                  <span className="text-stone-600"> · {formatDistance(product.distanceKm)}</span>
                ) : null}
              </span>
            </p>
          ) : null}
        </div>
      </div>
      {action ? <div className="relative z-10 px-4 pb-4">{action}</div> : null}
    </article>
  );
}

/** "800 m away", "12.3 km away". */
export function formatDistance(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m away` : `${km.toFixed(1)} km away`;
}
