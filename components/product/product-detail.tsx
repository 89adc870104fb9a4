import { CreditCard, MapPin, ShoppingBasket, Store, Truck } from "lucide-react";
import Image from "next/image";
import Link from "next/link";
import { DELIVERY_METHOD_LABELS, priceTitle } from "@/components/catalog/product-card";
import { ScoreStars } from "@/components/catalog/score-stars";
import type { ProductDetail } from "@/server/catalog/get-product-detail";
import { ProductPurchase } from "./product-purchase";
import { AskTheFarmer } from "@/components/messaging/ask-the-farmer";
import { isFeatureOn } from "@/lib/features";
import { onlyLeftText } from "@/lib/catalog/stock";
import { PRODUCT_IMAGE_SIZE } from "./product-seo";

/** Spec part 1 section 9 "Payment options", as the customer reads them. */
export const PAYMENT_OPTION_TEXTS = {
  byCard:
    "Pay by card: your payment is guaranteed once the farmer scans your order's QR code on delivery.",
  inPerson:
    "Pay in person: you pay the farmer directly, with no guarantee from the payment provider.",
  cardsOff: "Card payments are not configured on this site yet, so this product is paid in person.",
} as const;

export const DELIVERY_METHOD_HINTS = {
  free_delivery: "The farmer brings it to your door at no charge.",
  in_store: "Pick it up at the farm.",
} as const;

/**
 * The public part of the product page (spec part 1 sections 2, 3 and 5 "Quantity"): image, name,
 * price per unit (with " - SOLD OUT"), score, farm, delivery method, payment options and the
 * buying controls. Nothing here depends on who is looking, so it is cached with the product.
 */
export function ProductDetailView({
  product,
  cardPaymentsEnabled,
}: {
  product: ProductDetail;
  cardPaymentsEnabled: boolean;
}) {
  const place = [product.merchant_city, product.merchant_province_state].filter(Boolean).join(", ");
  const DeliveryIcon = product.delivery_service === "free_delivery" ? Truck : Store;
  const reviewCountText =
    product.review_count === 1 ? "1 review" : `${product.review_count} reviews`;
  const canPayByCard = product.pay_by_card && cardPaymentsEnabled;
  // With cards off, pay in person is what the farm takes (ARCHITECTURE section 2).
  const canPayInPerson = product.pay_in_person || !canPayByCard;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
      <div className="bg-earth-100 shadow-card relative aspect-[5/4] w-full overflow-hidden rounded-2xl border border-stone-200">
        {product.product_image ? (
          <Image
            src={product.product_image}
            alt={product.name}
            width={PRODUCT_IMAGE_SIZE.width}
            height={PRODUCT_IMAGE_SIZE.height}
            unoptimized
            loading="eager"
            fetchPriority="high"
            className="size-full object-cover"
          />
        ) : (
          <div className="text-earth-400 flex size-full items-center justify-center">
            <ShoppingBasket aria-hidden className="size-20" strokeWidth={1.25} />
          </div>
        )}
      </div>

      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">{product.name}</h1>
          <p className="text-leaf-800 text-2xl font-bold">
            {priceTitle({
              currencySymbol: product.currency_symbol,
              price: product.unit_price,
              currency: product.currency,
              priceUnit: product.price_unit,
              inStock: product.in_stock,
            })}
          </p>
          {product.in_stock && product.only_left !== null ? (
            <p className="text-base font-semibold text-amber-800">
              {onlyLeftText(product.only_left)}
            </p>
          ) : null}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
            <ScoreStars score={product.score} count={product.review_count} />
            <a
              href="#reviews"
              className="text-leaf-800 hover:text-leaf-900 font-medium underline underline-offset-4"
            >
              {reviewCountText}
            </a>
          </p>
        </div>

        <p className="leading-relaxed whitespace-pre-line text-stone-800">{product.detail}</p>

        <dl className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 text-[0.9375rem] sm:p-5">
          <div>
            <dt className="sr-only">Farmer</dt>
            <dd className="flex gap-3">
              <MapPin aria-hidden className="text-leaf-700 mt-0.5 size-5 shrink-0" />
              <div>
                Sold by{" "}
                <Link
                  href={`/stores/${encodeURIComponent(product.merchant_username)}`}
                  className="text-leaf-800 hover:text-leaf-900 font-semibold underline underline-offset-4"
                >
                  {product.merchant_username}
                </Link>
                {place ? <span className="text-stone-700">, {place}</span> : null}
              </div>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Delivery method</dt>
            <dd className="flex gap-3">
              <DeliveryIcon aria-hidden className="text-leaf-700 mt-0.5 size-5 shrink-0" />
              <div>
                <span className="font-semibold">
                  {DELIVERY_METHOD_LABELS[product.delivery_service]}
                </span>
                <span className="block text-sm text-stone-700">
                  {DELIVERY_METHOD_HINTS[product.delivery_service]}
                </span>
              </div>
            </dd>
          </div>
          <div>
            <dt className="sr-only">Payment options</dt>
            <dd className="flex gap-3">
              <CreditCard aria-hidden className="text-leaf-700 mt-0.5 size-5 shrink-0" />
              <div>
                <ul className="flex flex-col gap-1.5">
                  {canPayByCard ? <li>{PAYMENT_OPTION_TEXTS.byCard}</li> : null}
                  {canPayInPerson ? <li>{PAYMENT_OPTION_TEXTS.inPerson}</li> : null}
                  {product.pay_by_card && !cardPaymentsEnabled ? (
                    <li className="text-sm text-stone-600">{PAYMENT_OPTION_TEXTS.cardsOff}</li>
                  ) : null}
                </ul>
              </div>
            </dd>
          </div>
        </dl>

        <ProductPurchase
          product={{
            id: product.id,
            pKey: product.p_key,
            inStock: product.in_stock,
            name: product.name,
            unitsLeft: product.units_left,
          }}
        />
        {isFeatureOn("messaging") ? (
          <AskTheFarmer farmerName={product.merchant_username} prodId={product.id} />
        ) : null}
      </div>
    </div>
  );
}
