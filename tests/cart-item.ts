import type { CartItem } from "@/lib/cart/types";

/** A cart or Dream Tracker item as the API answers it, for component tests. */
export const cartItem = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: 1,
  p_key: "k",
  name: "Carrots",
  product_image: null,
  unit_price: "4.50",
  unit_price_cents: 450,
  unit_weight: "ea",
  currency_symbol: "$",
  currency: "CAD",
  qty: 1,
  pay_in_person: true,
  pay_by_card: false,
  delivery_service: 0,
  in_stock: true,
  units_left: null,
  only_left: null,
  merchant_username: "farm",
  purchasable: true,
  unavailable_reason: null,
  ...overrides,
});
