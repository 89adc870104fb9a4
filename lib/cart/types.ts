import type { Currency } from "@/lib/money";

/**
 * What the cart and dream tracker calls send (spec part 1 section 3, "Cart and dreamtracker
 * item", plus what the pages need to show an item honestly). Client-safe.
 */
export type CartKind = "cart" | "dreamtracker";

export const CART_KINDS = ["cart", "dreamtracker"] as const satisfies readonly CartKind[];

/** Why an item cannot be bought now; null when it can. */
export type UnavailableReason = "out_of_stock" | "inactive";

export type CartItem = {
  /** The product's id (its page is /products/{id}). */
  id: number;
  p_key: string;
  name: string;
  /** Public URL of the card-size image, or null. */
  product_image: string | null;
  /** Decimal string, e.g. "4.50". */
  unit_price: string;
  unit_price_cents: number;
  /** "ea" when not sold by weight, else e.g. "1 lbs" or "2.5 kg". */
  unit_weight: string;
  currency_symbol: string;
  currency: Currency;
  qty: number;
  pay_in_person: boolean;
  pay_by_card: boolean;
  /** 1 when the farm delivers to the customer's home (free_delivery), else 0. */
  delivery_service: 0 | 1;
  /** The farm's switch on and, for a limited product, a whole unit left. */
  in_stock: boolean;
  /** Whole units that can be bought now (the quantity's cap), or null when unlimited. */
  units_left: number | null;
  /** `units_left` once the farm's threshold is reached ("Only N left"), else null. */
  only_left: number | null;
  merchant_username: string;
  /** False when the product is out of stock or no longer sold: shown, never bought. */
  purchasable: boolean;
  unavailable_reason: UnavailableReason | null;
};

export type CartList = {
  items: CartItem[];
  count: number;
  /** Items taken out because their product was permanently removed (shown once as a note). */
  dropped: number;
};

export type CartCounts = Record<CartKind, number>;
