/**
 * Every fixed number and list of the spec (part 1 section 9, part 2 section 9 and the entity
 * lists). Plans and prices live in lib/money.ts and are re-exported here so either import works.
 * Client-safe: no Node-only imports.
 */
export { PLANS, PLAN_IDS, getPlan, planPriceCents, canAddProduct, CURRENCIES } from "./money";
export type { Plan, PlanId, Currency } from "./money";
export { formatStatusLabel } from "./format";

// ── Session ────────────────────────────────────────────────────────────────────────────────
/** 180 s without mouse or key activity opens 'Are you still on?'. */
export const IDLE_TIMEOUT_SECONDS = 180;
/** ...which counts down from 1:00; at 0 the member is logged out. */
export const IDLE_COUNTDOWN_SECONDS = 60;
/** Login cookie lifetime (part 1 section 3, part 2 section 9). */
export const AUTH_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

export const COOKIE_NAMES = {
  token: "_token",
  authenticated: "authenticated",
  memberType: "member_type",
  keyword: "keyword",
  sortType: "sortType",
  locAddress: "loc_address",
  locRadius: "loc_radius",
  /** Anonymous quantities: `cart_{pKey}` and `dreamtracker_{pKey}`. */
  cartPrefix: "cart_",
  dreamtrackerPrefix: "dreamtracker_",
} as const;

// ── Layout ─────────────────────────────────────────────────────────────────────────────────
/** Under this width the main menu collapses. */
export const BREAKPOINT_MAIN_PX = 992;
/** Under this width messages show a list/conversation toggle. */
export const BREAKPOINT_MESSAGES_PX = 768;
export const PROFILE_IMAGE_PX = 160;
/** The product image slot is 80 % as high as it is wide. */
export const PRODUCT_IMAGE_ASPECT = 0.8;

// ── Location ───────────────────────────────────────────────────────────────────────────────
export const RADIUS_MIN_KM = 0;
export const RADIUS_MAX_KM = 50;
export const RADIUS_STEP_KM = 5;
/** 0 means no distance limit, results sorted by distance (ARCHITECTURE section 5). */
export const RADIUS_DEFAULT_KM = 0;
export const RADIUS_OPTIONS_KM: readonly number[] = Array.from(
  { length: (RADIUS_MAX_KM - RADIUS_MIN_KM) / RADIUS_STEP_KM + 1 },
  (_, i) => RADIUS_MIN_KM + i * RADIUS_STEP_KM,
);

/** The spec says "near latitude 43.9 / 44.0": the midpoint. */
export const MAP_DEFAULTS = {
  center: { lat: 43.95, lon: -79.5 },
  zoom: 11,
  boundsPadding: 0.2,
} as const;

// ── Paging and lists ───────────────────────────────────────────────────────────────────────
/** Page numbers start at 1; the spec pages by page number, not row offset. */
export const PAGE_SIZES = {
  orders: 10,
  resellers: 10,
  resellerTransactions: 10,
  merchants: 10,
  conversations: 20,
  messages: 20,
  products: 12,
  reviews: 5,
} as const;
/** The dashboard shows 4 items per row (farmers, popular, latest). */
export const DASHBOARD_ITEM_COUNT = 4;

// ── Text cuts and timings ──────────────────────────────────────────────────────────────────
export const CARD_DESCRIPTION_MAX_CHARS = 99;
export const INTRODUCTION_PREVIEW_MAX_CHARS = 157;
export const PLAN_CHANGE_REDIRECT_DELAY_MS = 3_000;
export const REVIEW_SUCCESS_HIDE_MS = 2_000;
export const LOCATION_SAVED_CLOSE_MS = 500;
export const EDIT_PRODUCT_SPINNER_MS = 500;
export const SOLD_OUT_SUFFIX = " - SOLD OUT";

/** The 'Hey There!' modal state a farmer without Engager or Harvest meets when writing. */
export const SUBSCRIPTION_REQUIRED = "subscription_required";
/** (ours) the spec names the state, not its text. */
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  "A subscription is needed to send or reply to messages.";

// ── Input limits ───────────────────────────────────────────────────────────────────────────
export const MESSAGE_MAX_LENGTH = 1500;
export const PASSWORD_MIN_LENGTH = 12;
/** "(416) 555-1234" is exactly 14 characters. */
export const PHONE_MAX_LENGTH = 14;
/** 8 MB = 8192 KB = 8 MiB: the spec's "8192 KB on add" and "8 MB on edit" are one limit. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png"] as const;
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png"] as const;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 999;
export const SEARCH_KEYWORD_MAX_LENGTH = 100;
// Here rather than beside their schemas so a form's maxLength does not bring zod into the page.
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_DETAIL_MAX = 2000;
export const INTRODUCTION_MAX_LENGTH = 1000;

// ── Domain vocabularies ────────────────────────────────────────────────────────────────────
export const MEMBER_TYPES = ["customer", "merchant", "admin"] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const DELIVERY_METHODS = ["free_delivery", "in_store"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** `{destination}` of /checkout/delivery/{paymentType}/{destination}. */
export const DELIVERY_DESTINATIONS = ["home", "store"] as const;
export type DeliveryDestination = (typeof DELIVERY_DESTINATIONS)[number];

/** `{paymentType}` of the checkout routes, named like checkout_payment_options {in_person, by_card}. */
export const PAYMENT_TYPES = ["by_card", "in_person"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const WEIGHT_UNITS = ["lbs", "kg", "g", "mg", "oz", "l", "ml"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const CARD_BRANDS = ["visa", "mastercard", "amex", "discover", "jcb"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * Each has an allow flag; a missing flag means allowed. The spec's three, then ours:
 * `back_in_stock` (a Dream Tracker product is available again, decision 0042), `message`
 * (messages waiting in a conversation, which rode on `order` before issue 42) and `review_reply`
 * (a farm replied to the member's review, issue 44), `pickup_reminder` (the day before a pickup
 * window, issue 41).
 */
export const NOTIFICATION_TYPES = [
  "term",
  "promotion",
  "order",
  "back_in_stock",
  "message",
  "review_reply",
  "pickup_reminder",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * A type split off another: without a flag of its own it follows that one's, so a member who had
 * turned order mails off before messages got their own type still gets no message mails.
 */
export const NOTIFICATION_FOLLOWS: Partial<Record<NotificationType, NotificationType>> = {
  message: "order",
  pickup_reminder: "order",
};

/** "rating": top rated first (a Bayesian average from a minimum count, decision 0047). */
export const SORT_TYPES = ["all", "popular", "latest", "rating"] as const;
export type SortType = (typeof SORT_TYPES)[number];
export const DEFAULT_SORT_TYPE: SortType = "all";
/**
 * The farmers list: "all" (newest first, nearest first with My Local) or "rating" (top rated
 * first, the same minimum count as products': decision 0047).
 */
export const FARMER_SORT_TYPES = ["all", "rating"] as const;
export type FarmerSortType = (typeof FARMER_SORT_TYPES)[number];

export const STORE_VIEW_MODES = ["public", "deleted"] as const;
export const HOW_IT_WORKS_PAGES = ["customer", "merchant"] as const;
export const SUBSCRIPTION_COUNTRY_SLUGS = ["usa", "canada"] as const;
export const SUBSCRIPTION_COMPLETION_TYPES = ["create", "update", "cancel", "resubscribe"] as const;
export const RESELLER_PAY_STATUSES = ["pending", "paid"] as const;

export const PICKUP_ORDER_STATUSES = [
  "order_created",
  "ready_for_pickup",
  "customer_received",
  "cancelled",
  "refunded",
] as const;
export const DELIVERY_ORDER_STATUSES = [
  "order_created",
  "ready_to_ship",
  "in_shipping",
  "shipped",
  "customer_received",
  "cancelled",
  "refunded",
] as const;
/** The customer-side list: the union of both, in workflow order. */
export const ORDER_STATUSES = [
  "order_created",
  "ready_for_pickup",
  "ready_to_ship",
  "in_shipping",
  "shipped",
  "customer_received",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses a merchant may pick for one order row (delivery_service 1 = delivery). */
export function orderStatusesFor(deliveryService: boolean | 0 | 1): readonly OrderStatus[] {
  return deliveryService ? DELIVERY_ORDER_STATUSES : PICKUP_ORDER_STATUSES;
}

/** `notice` query values that open the notice dialog (texts in lib/notices.ts). */
export const NOTICE_KEYS = {
  requireInfo: "require_info",
  requirePayoutAccount: "require_payout_acct",
  requireNextSubscriptionForProducts: "require_next_subscription_for_products",
} as const;
