/**
 * The texts of the notice dialog, opened by a `notice` query parameter on any page
 * (`/profile?notice=require_info`). The messages are the spec's, word for word.
 */
export const NOTICES = {
  require_info: {
    title: "Complete your profile",
    message: "There are some missing information about you. Please complete the profile.",
  },
  require_payout_acct: {
    title: "Set up your payout account",
    message: "The payout bank account needs to be set up before selling products.",
    // Spec part 1 section 6: the notice comes "with a connect button".
    action: "connect_payout",
  },
  subscription_for_farmers: {
    title: "For farmers only",
    message: "The subscription is for farmers only.",
  },
  // After the product form (components/product-form): where the merchant lands next.
  product_added: {
    title: "Product added",
    message: "The product has been added.",
  },
  product_updated: {
    title: "Product updated",
    message: "The product has been updated.",
  },
} as const satisfies Record<string, Notice>;

/** `connect_payout`: the dialog offers the button that starts Stripe's payout onboarding. */
export type Notice = { title: string; message: string; action?: "connect_payout" };
export type NoticeKey = keyof typeof NOTICES;

/** The notice for a query value; an unknown or missing key has none (the dialog stays closed). */
export function getNotice(key: string | null | undefined): Notice | null {
  if (!key || !Object.hasOwn(NOTICES, key)) return null;
  return NOTICES[key as NoticeKey];
}
