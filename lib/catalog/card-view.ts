import { CARD_DESCRIPTION_MAX_CHARS, INTRODUCTION_PREVIEW_MAX_CHARS } from "@/lib/constants";
import type { MerchantCard, ProductCard } from "./types";

/*
 * What a card shows, for cards drawn by a client component: its props are written into the page
 * data, so they carry no field the card does not show and no text past where the card cuts it.
 */

/** A product card's fields: all but the farm's username (the card shows where, not who). */
export type ProductCardView = Omit<ProductCard, "merchantUsername">;

/** A farmer card shows every field of MerchantCard. */
export type MerchantCardView = MerchantCard;

/**
 * Text kept one character past `max`: the card's own cut (`truncate(text, max)`) reads only the
 * first `max` characters and adds the ellipsis when there are more, so it gives the same text.
 */
function keepForCut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max + 1 ? text : chars.slice(0, max + 1).join("");
}

export function toProductCardView(product: ProductCard): ProductCardView {
  // Destructured so that a field added to ProductCard later is not sent unless listed here.
  const {
    id,
    title,
    detail,
    price,
    priceUnit,
    currencySymbol,
    currency,
    deliveryMethod,
    merchantCity,
    merchantProvinceState,
    image,
    score,
    reviewCount,
    inStock,
    distanceKm,
  } = product;
  return {
    id,
    title,
    detail: keepForCut(detail, CARD_DESCRIPTION_MAX_CHARS),
    price,
    priceUnit,
    currencySymbol,
    currency,
    deliveryMethod,
    merchantCity,
    merchantProvinceState,
    image,
    score,
    reviewCount,
    inStock,
    ...(distanceKm === undefined ? {} : { distanceKm }),
  };
}

export function toMerchantCardView(merchant: MerchantCard): MerchantCardView {
  const {
    id,
    username,
    introduction,
    city,
    province_state,
    avatar_image,
    rating,
    review_count,
    distanceKm,
  } = merchant;
  return {
    id,
    username,
    introduction:
      introduction === null ? null : keepForCut(introduction, INTRODUCTION_PREVIEW_MAX_CHARS),
    city,
    province_state,
    avatar_image,
    rating,
    review_count,
    ...(distanceKm === undefined ? {} : { distanceKm }),
  };
}
