import type { DeliveryMethod } from "@/lib/constants";

/**
 * What the catalog pages and calls send to the browser (spec part 1, section 3). Field names follow
 * the spec: product cards are camelCase, merchant cards and product detail snake_case.
 */

/** Product card (dashboard, /products/filtered, store pages). `price` is a decimal string. */
export type ProductCard = {
  id: number;
  title: string;
  /** Full detail text; the card cuts it at CARD_DESCRIPTION_MAX_CHARS. */
  detail: string;
  price: string;
  /** "ea" when not sold by weight, else e.g. "1 lbs". */
  priceUnit: string;
  currencySymbol: string;
  currency: "CAD" | "USD";
  deliveryMethod: DeliveryMethod;
  merchantUsername: string;
  merchantCity: string | null;
  merchantProvinceState: string | null;
  /** Public URL of the card-size image, or null. */
  image: string | null;
  score: number;
  /** How many reviews `score` averages (0: not rated yet). */
  reviewCount: number;
  /** In stock: the farm's switch on and, for a limited product, a whole unit left (decision 0042). */
  inStock: boolean;
  /** Units left when the farm's "Only N left" threshold is reached (store pages show it), else null. */
  onlyLeft?: number | null;
  /** Kilometres from the viewer's My Local point, when one is set. */
  distanceKm?: number | null;
};

/** Merchant card (dashboard latest farmers, /merchants/list). */
export type MerchantCard = {
  id: number;
  username: string;
  introduction: string | null;
  city: string | null;
  province_state: string | null;
  avatar_image: string | null;
  /** The farm's average review score over all its products, 0 without reviews. */
  rating: number;
  /** How many reviews `rating` averages. */
  review_count: number;
  distanceKm?: number | null;
};

/** Farmers map point. */
export type MerchantMapPoint = {
  latitude: number;
  longitude: number;
  username: string;
  introduction: string | null;
  /** The farm's other pickup places with an address of their own (a market stall), issue 41; absent when none. */
  places?: MapPickupPlace[];
};

/** A farm's pickup place on the farmers map: a public place, shown where it is. */
export type MapPickupPlace = { name: string; latitude: number; longitude: number };

/** A My Local filter: radius 0 means "no limit, nearest first". */
export type Nearby = { latitude: number; longitude: number; radiusKm: number };

/** One page of a list; `page` starts at 1 (the spec pages by page number). */
export type ListPage<T> = {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  hasMore: boolean;
};
