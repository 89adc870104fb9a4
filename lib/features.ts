/**
 * Which product areas exist in this build. A link, menu entry or call to action that needs an area
 * is only rendered while its flag is on, so the site never shows a dead link while features land
 * one by one. The work that ships an area flips its flag in the same change as its pages.
 *
 * Always on (no flag): dashboard, pricing, how it works, terms of use, privacy policy, data credits.
 */
export type Feature =
  | "catalog" // products, farmers list, store pages (Popular, New Arrivals, Farmers, My Store)
  | "accounts" // register, login, logout, profile, settings
  | "cart" // cart and dreamtracker
  | "messaging" // messages inbox
  | "orders" // My Purchases, Customer Orders
  | "admin" // the four admin managers
  | "contact" // Contact Us
  | "myLocal"; // the My Local location dialog

export type FeatureSet = Readonly<Record<Feature, boolean>>;

export const FEATURES: FeatureSet = {
  catalog: true,
  accounts: true,
  cart: true,
  messaging: true,
  orders: true,
  admin: true,
  contact: true,
  myLocal: true,
};

/** True when the area is shipped; `null` stands for the always-on pages. */
export function isFeatureOn(feature: Feature | null, features: FeatureSet = FEATURES): boolean {
  return feature === null || features[feature];
}
