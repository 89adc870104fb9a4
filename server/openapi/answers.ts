import { z } from "zod";
import {
  DELIVERY_METHODS,
  MEMBER_TYPES,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
} from "@/lib/constants";
import { CURRENCIES, PLAN_IDS } from "@/lib/money";
import { COUNTRY_CODES } from "@/lib/regions";
import { ADMIN_ACTIONS } from "@/server/db/schema/admin";
import { MONEY_ISSUE_KINDS } from "@/server/db/schema/payments";

/**
 * The answers' bodies as clients read them (issue 43, item 4), for the routes' `responses`
 * (server/openapi/declare.ts: `ok(schema)`, `created(description, schema)`). Written with zod like
 * the body schemas; dates are ISO strings, as JSON carries them. The document refuses fields an
 * answer does not name, so a field added to an answer is added here too (the contract check of
 * `npm run test:security` fails otherwise).
 */

const rowId = () => z.number().int().positive();
const isoDate = () => z.string();

/** `{ message }`: what most writes answer. */
export const messageAnswer = z.object({ message: z.string() });

/** A message written to a farm or a customer: the conversation it is in. */
export const messageSentAnswer = z.object({ conversationId: rowId(), message: z.string() });

/** A message as the wire carries it (server/messaging/message-view.ts). */
export const messageView = z.object({
  id: rowId(),
  userKey: z.string().nullable(),
  message: z.string(),
  postedOn: isoDate(),
  firstName: z.string(),
  lastName: z.string(),
  mine: z.boolean(),
});

export const messagePostedAnswer = z.object({ result: messageView });

export const messagePageAnswer = z.object({
  results: z.array(messageView),
  nextCursor: rowId().nullable(),
  farmCanReply: z.boolean(),
  side: z.enum(["merchant", "customer"]),
});

export const conversationPageAnswer = z.object({
  results: z.array(
    z.object({
      conversationId: rowId(),
      firstName: z.string(),
      lastName: z.string(),
      avatarImage: z.string().nullable(),
      unread: z.union([z.literal(0), z.literal(1)]),
      lastMessageAt: isoDate(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const unreadCountAnswer = z.object({ count: z.number().int().nonnegative() });

/** A product just listed or saved: its id. */
export const productSavedAnswer = z.object({
  message: z.string(),
  product: z.object({ id: rowId() }),
});

export const okStatusAnswer = z.object({ status: z.literal("ok") });

export const markedReadAnswer = z.object({ wasUnread: z.boolean() });

/** A changed password: a token sent back only to a caller who signed in by bearer token. */
export const passwordChangedAnswer = z.object({
  message: z.string(),
  token: z.string().optional(),
});

/** A farm's public reply to a review (server/reviews/review-view.ts's ReviewReplyView). */
export const reviewReplyView = z.object({
  farm: z.string(),
  reply: z.string(),
  created_on: isoDate(),
  updated_on: isoDate(),
});

export const reviewReplySavedAnswer = z.object({ message: z.string(), reply: reviewReplyView });

/** A pickup place or window just added: its id. */
export const pickupAddedAnswer = z.object({ message: z.string(), id: rowId() });

/** A date closed or opened again. */
export const closedDateAnswer = z.object({ message: z.string(), day: z.string() });

export const farmTimeZoneAnswer = z.object({
  message: z.string(),
  timeZone: z.string().nullable(),
});

/** The farm's pickup set-up (server/pickup/farm-setup.ts's FarmPickupSetup). */
export const farmPickupSetupAnswer = z.object({
  timeZone: z.string(),
  timeZonePicked: z.boolean(),
  places: z.array(
    z.object({
      id: rowId(),
      name: z.string(),
      atFarm: z.boolean(),
      address: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  ),
  windows: z.array(
    z.object({
      id: rowId(),
      placeId: rowId(),
      weekday: z.number().int(),
      startsMinute: z.number().int(),
      endsMinute: z.number().int(),
      cutoffDaysBefore: z.number().int(),
      cutoffMinute: z.number().int(),
      capacity: z.number().int().nullable(),
    }),
  ),
  closedDates: z.array(z.string()),
});

const count = () => z.number().int().nonnegative();

/** An item of the cart or the dream tracker (lib/cart/types.ts's CartItem). */
export const cartItemView = z.object({
  id: rowId(),
  p_key: z.string(),
  name: z.string(),
  product_image: z.string().nullable(),
  unit_price: z.string(),
  unit_price_cents: z.number().int(),
  unit_weight: z.string(),
  currency_symbol: z.string(),
  currency: z.enum(CURRENCIES),
  qty: z.number().int(),
  pay_in_person: z.boolean(),
  pay_by_card: z.boolean(),
  delivery_service: z.union([z.literal(0), z.literal(1)]),
  in_stock: z.boolean(),
  units_left: z.number().int().nullable(),
  only_left: z.number().int().nullable(),
  merchant_username: z.string(),
  purchasable: z.boolean(),
  unavailable_reason: z.enum(["out_of_stock", "inactive"]).nullable(),
});

/** The list (`dropped`: items taken out because their product was removed). */
export const cartListAnswer = z.object({
  items: z.array(cartItemView),
  count: count(),
  dropped: count(),
});

/** An item added or its quantity changed: the item and the list's count. */
export const cartChangeAnswer = z.object({
  message: z.string(),
  item: cartItemView,
  count: count(),
});

export const cartRemovedAnswer = z.object({ message: z.string(), count: count() });

/** An item moved to the other list: `count` is the cart's, `dreamtrackerCount` the tracker's. */
export const cartMovedAnswer = z.object({
  message: z.string(),
  item: cartItemView,
  count: count(),
  dreamtrackerCount: count(),
});

/** A Contact Us message in the admin inbox (server/contact/list-contact-messages.ts). */
const contactMessageView = z.object({
  id: rowId(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  content: z.string(),
  createdAt: isoDate(),
  handledAt: isoDate().nullable(),
  handledBy: z.string().nullable(),
  memberUsername: z.string().nullable(),
});

export const contactInboxAnswer = z.object({
  messages: z.array(contactMessageView),
  count: count(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
});

export const contactHandledAnswer = z.object({
  message: z.string(),
  id: rowId(),
  handledAt: isoDate(),
});

/** The audit trail (server/admin/list-admin-actions.ts); `nextBefore` pages on. */
export const adminAuditAnswer = z.object({
  entries: z.array(
    z.object({
      id: rowId(),
      adminUsername: z.string(),
      action: z.enum(ADMIN_ACTIONS),
      target: z.string(),
      targetLabel: z.string(),
      targetHref: z.string().nullable(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
      createdAt: isoDate(),
    }),
  ),
  nextBefore: rowId().nullable(),
});

/** The open money issues (server/admin/list-money-issues.ts) and the reconciler's last run. */
export const moneyIssuesAnswer = z.object({
  issues: z.array(
    z.object({
      id: rowId(),
      kind: z.enum(MONEY_ISSUE_KINDS),
      detail: z.string(),
      createdAt: isoDate(),
      order: z.object({ id: rowId(), orderNo: z.string() }).nullable(),
      farm: z.object({ name: z.string(), username: z.string(), email: z.string() }).nullable(),
      customer: z.object({ name: z.string(), email: z.string() }).nullable(),
      amount: z.string().nullable(),
      currency: z.enum(CURRENCIES).nullable(),
      stripeIds: z.record(z.string(), z.string()),
      actions: z.array(
        z.object({
          action: z.enum(["retry_refund", "retry_reversal", "pay_farm", "resolve"]),
          disabledReason: z.string().nullable(),
        }),
      ),
    }),
  ),
  nextBefore: rowId().nullable(),
  count: count(),
  lastCheck: z
    .object({
      finishedAt: isoDate().nullable(),
      counts: z.record(z.string(), z.number()),
      stoppedBy: z.string().nullable(),
    })
    .nullable(),
});

const merchantPayment = z.enum(["payable", "paid", "in_person", "closed"]);

export const merchantPaidAnswer = z.object({ message: z.string(), merchantPayment });

/** Members Manager search (server/admin/find-members-by-keyword.ts). */
export const adminMembersAnswer = z.object({
  users: z.array(
    z.object({
      userId: rowId(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      username: z.string(),
      memberType: z.enum(MEMBER_TYPES),
      secondFactor: z.boolean(),
    }),
  ),
});

/** Orders Manager search: one order line each (server/admin/find-orders-by-keyword.ts). */
export const adminOrdersAnswer = z.object({
  orders: z.array(
    z.object({
      id: rowId(),
      orderId: rowId(),
      orderNo: z.string(),
      customerName: z.string(),
      customerEmail: z.string(),
      merchantName: z.string(),
      merchantUsername: z.string(),
      merchantEmail: z.string(),
      productName: z.string(),
      unitPrice: z.string(),
      currency: z.enum(CURRENCIES),
      qty: z.number().int(),
      quantity: z.number().int(),
      createdAt: isoDate(),
      active: z.union([z.literal(0), z.literal(1)]),
      status: z.enum(ORDER_STATUSES),
      paymentType: z.enum(["card", "in_person"]),
      merchantPayment,
      cancel: z.enum(["cancel", "cancelled", "handed_over"]),
      confirmedAt: isoDate().nullable(),
      productUrl: z.string().nullable(),
    }),
  ),
});

/** A reseller (lib/resellers/types.ts); `rate` is a decimal with 2 places. */
const resellerView = z.object({
  identifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  rate: z.string(),
});

export const resellerListAnswer = z.object({ resellers: z.array(resellerView), totalNum: count() });

export const resellerSavedAnswer = z.object({ result: resellerView });

/** The reseller transactions, with the spec's field names (lib/resellers/types.ts). */
export const resellerTransactionsAnswer = z.object({
  transactions: z.object({
    data: z.array(
      z.object({
        id: rowId(),
        resellerfirstName: z.string(),
        resellerlastName: z.string(),
        resellerEmail: z.string(),
        farmerUsername: z.string(),
        productName: z.string(),
        rate: z.string(),
        timeStamp: isoDate(),
        payStatus: z.enum(["pending", "paid"]),
      }),
    ),
  }),
  transTotalNum: count(),
});

/** The transactions this call marked paid (already paid or unknown ids are left out). */
export const markedPaidAnswer = z.object({ ids: z.array(rowId()) });

/** The spec's "Access block result". */
export const accessBlockedAnswer = z.object({
  results: z.object({
    browser_data: z.string(),
    city: z.string(),
    province_state: z.string(),
    country: z.string(),
  }),
});

/** The merchant's checkout options as saved. */
export const checkoutOptionsSavedAnswer = z.object({
  message: z.string(),
  checkoutPaymentOptions: z.object({ payInPerson: z.boolean(), payByCard: z.boolean() }),
});

/** A farmer's plan (server/members/get-profile.ts's SubscriptionSummary). */
const subscriptionSummary = z.object({
  subscribed: z.boolean(),
  plan: z.enum(PLAN_IDS),
  state: z.enum(["none", "active", "expiring", "past_due", "lapsed", "expired"]),
  paidPlan: z.enum(PLAN_IDS).nullable(),
  country: z.enum(["usa", "canada"]).nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  serviceExpiresAt: isoDate().nullable(),
  manageable: z.boolean(),
});

/** The plan after a change (null: not a farmer). */
export const subscriptionAnswer = z.object({ subscription: subscriptionSummary.nullable() });

/** The pricing page's buttons: the farmer's plan and the country whose prices to show first. */
export const pricingAnswer = z.object({
  subscription: subscriptionSummary.nullable(),
  country: z.enum(["usa", "canada"]),
});

/** A started subscription: the client pays its first invoice with the client secret. */
export const subscriptionCheckoutAnswer = z.union([
  z.object({
    state: z.literal("awaiting_payment"),
    subscriptionId: z.string(),
    clientSecret: z.string(),
    plan: z.enum(["engager", "harvest"]),
    currency: z.enum(CURRENCIES),
    amountCents: z.number().int().positive(),
    kind: z.enum(["create", "resubscribe"]),
  }),
  z.object({ state: z.literal("active"), kind: z.enum(["create", "resubscribe"]) }),
]);

export const clientSecretAnswer = z.object({ clientSecret: z.string() });

/** A Stripe-hosted page to send the farmer to. */
export const urlAnswer = z.object({ url: z.string() });

/** The member as the profile and settings pages show it (server/members/get-profile.ts). */
export const profileView = z.object({
  userKey: z.string(),
  memberType: z.enum(MEMBER_TYPES),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  country: z.enum(COUNTRY_CODES),
  currency: z.enum(CURRENCIES).nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  provinceState: z.string().nullable(),
  postalCode: z.string().nullable(),
  introduction: z.string().nullable(),
  avatarImage: z.string().nullable(),
  payoutAcctSet: z.boolean(),
  checkoutPaymentOptions: z.object({ payInPerson: z.boolean(), payByCard: z.boolean() }),
  subscription: subscriptionSummary.nullable(),
});

export const profileAnswer = z.object({ profile: profileView });

export const profileSavedAnswer = z.object({ message: z.string(), profile: profileView });

export const avatarSavedAnswer = z.object({ message: z.string(), avatarImage: z.string() });

/** One flag per notification type (a type never set is on). */
const notificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
    (typeof NOTIFICATION_TYPES)[number],
    z.ZodBoolean
  >,
);

export const notificationsAnswer = z.object({ notifications: notificationPreferences });

export const notificationsSavedAnswer = z.object({
  message: z.string(),
  notifications: notificationPreferences,
});

/** A Stripe event taken (`duplicate`: it had been processed already). */
export const stripeEventAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** The long URL of a short link ("" when it is unknown). */
export const originalUrlAnswer = z.object({ originalUrl: z.string() });

/** My Local as `/api/location` answers it (server/location/types.ts's LocationAnswer). */
const locationView = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  provinceState: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.enum(COUNTRY_CODES),
  radius: z.number().nonnegative(),
  latitude: z.number(),
  longitude: z.number(),
});

export const locationAnswer = z.object({ location: locationView.nullable() });

export const locationSavedAnswer = z.object({ message: z.string(), location: locationView });

/** Whether the farm answers by message now (its plan). */
export const farmReplyAnswer = z.object({ farmCanReply: z.boolean() });

/** The farmers map's points. */
export const mapPointsAnswer = z.object({
  points: z.array(
    z.object({
      latitude: z.number(),
      longitude: z.number(),
      username: z.string(),
      introduction: z.string().nullable(),
      /** The farm's other pickup places with an address of their own; absent when none. */
      places: z
        .array(z.object({ name: z.string(), latitude: z.number(), longitude: z.number() }))
        .optional(),
    }),
  ),
});

/** A product card (lib/catalog/types.ts's ProductCard); `price` is a decimal string. */
const productCard = z.object({
  id: rowId(),
  title: z.string(),
  detail: z.string(),
  price: z.string(),
  priceUnit: z.string(),
  currencySymbol: z.string(),
  currency: z.enum(CURRENCIES),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  merchantUsername: z.string(),
  merchantCity: z.string().nullable(),
  merchantProvinceState: z.string().nullable(),
  image: z.string().nullable(),
  score: z.number(),
  reviewCount: count(),
  inStock: z.boolean(),
  onlyLeft: z.number().int().nullable().optional(),
  distanceKm: z.number().nullable().optional(),
});

const listPage = {
  total: count(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  hasMore: z.boolean(),
};

/** A page of products; `nextCursor` continues a listing without counting pages. */
export const productListAnswer = z.object({
  products: z.array(productCard),
  ...listPage,
  nextCursor: z.string().nullable(),
});

/** A page of a store's product cards. */
export const storeProductsAnswer = z.object({ products: z.array(productCard), ...listPage });

/** A page of farmers (lib/catalog/types.ts's MerchantCard). */
export const merchantListAnswer = z.object({
  merchants: z.array(
    z.object({
      id: rowId(),
      username: z.string(),
      introduction: z.string().nullable(),
      city: z.string().nullable(),
      province_state: z.string().nullable(),
      avatar_image: z.string().nullable(),
      rating: z.number(),
      review_count: count(),
      distanceKm: z.number().nullable().optional(),
    }),
  ),
  ...listPage,
  nextCursor: z.string().nullable(),
});

/** The merchant's products that count toward the plan limit. */
export const ownerProductsAnswer = z.object({
  data: z.object({
    products: z.array(
      z.object({
        id: rowId(),
        name: z.string(),
        status: z.enum(["active", "deleted"]),
        created_at: isoDate(),
      }),
    ),
  }),
});

/** A product in the owner's edit form (server/catalog/get-owner-product.ts's OwnerProduct). */
export const ownerProductAnswer = z.object({
  product: z.object({
    id: rowId(),
    name: z.string(),
    detail: z.string(),
    unit_price: z.string(),
    unit_weight: z.number(),
    unit_weight_symbol: z.string().nullable(),
    weight_required: z.boolean(),
    delivery_service: z.enum(DELIVERY_METHODS),
    in_stock: z.boolean(),
    available_qty: z.string().nullable(),
    low_stock_at: z.number().int(),
    pay_by_card: z.boolean(),
    pay_in_person: z.boolean(),
    img_url: z.string().nullable(),
    currency: z.enum(CURRENCIES),
    status: z.enum(["active", "deleted"]),
  }),
});

/** A review as the product page shows it (server/reviews/review-view.ts's ReviewView). */
const reviewView = z.object({
  id: rowId(),
  username: z.string(),
  avatar_image: z.string().nullable(),
  score: z.number().int().min(1).max(5),
  review: z.string(),
  created_on: isoDate(),
  author: z.boolean(),
  verified_buyer: z.boolean(),
  reply: reviewReplyView.nullable(),
  hidden: z.boolean(),
});

/** A page of reviews (5, newest first) and the viewer's own review (null for a visitor). */
export const reviewPageAnswer = z.object({
  reviews: z.array(reviewView),
  total: count(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  myReview: reviewView.nullable(),
});

export const reviewSavedAnswer = z.object({ message: z.string(), review: reviewView });

/** The member's saved cards (server/payments/saved-cards.ts). */
export const savedCardsAnswer = z.object({
  cards: z.array(
    z.object({
      id: z.string(),
      brand: z.enum(["visa", "mastercard", "amex", "discover", "jcb"]),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
    }),
  ),
});

export const saveCardAnswer = z.object({ saveCard: z.boolean() });

/** The card checkout: the order awaiting payment and its PaymentIntent's secret, or paid already. */
export const cardCheckoutAnswer = z.union([
  z.object({
    state: z.literal("awaiting_payment"),
    orderNo: z.string(),
    clientSecret: z.string(),
    amountCents: z.number().int().positive(),
    currency: z.enum(CURRENCIES),
    paymentError: z.string().nullable(),
  }),
  z.object({ state: z.literal("paid"), orderNo: z.string() }),
]);

/** A pay-in-person order placed (201) or this checkoutKey's order (200). */
export const orderPlacedAnswer = z.object({ orderNo: z.string(), orderId: rowId() });

/** Readiness: each check's state (`not used`: no Redis configured). */
export const readyAnswer = z.object({
  status: z.literal("ready"),
  checks: z.object({
    database: z.literal("ok"),
    migrations: z.literal("ok"),
    redis: z.enum(["ok", "not used"]),
  }),
});

/** The OpenAPI 3.1 document itself. */
export const openApiDocumentAnswer = z.record(z.string(), z.unknown());

/** A password sign-in: the session token (also a bearer token) and who signed in. */
export const signedInAnswer = z.object({
  token: z.string(),
  member: z.object({
    userKey: z.string(),
    username: z.string(),
    memberType: z.enum(MEMBER_TYPES),
  }),
});

const flag01 = () => z.union([z.literal(0), z.literal(1)]);
const orderMethod = () => z.enum(["pickup", "delivery"]);

/** The farmer's received order lines (lib/orders/types.ts's ReceivedOrder), with the total. */
export const receivedOrdersAnswer = z.object({
  results: z.array(
    z.object({
      orderId: rowId(),
      orderNo: z.string(),
      orderMethod: orderMethod(),
      customerName: z.string(),
      customerEmail: z.string(),
      customerPhone: z.string(),
      productName: z.string(),
      quantity: z.number().int(),
      status: z.enum(ORDER_STATUSES),
      orderDate: isoDate(),
      deliveryService: flag01(),
      refundPending: flag01(),
    }),
  ),
  count: count(),
});

/** The member's own purchases, one line each (lib/orders/types.ts's PlacedOrder). */
export const placedOrdersAnswer = z.object({
  results: z.array(
    z.object({
      orderId: rowId(),
      orderNo: z.string(),
      merchantName: z.string(),
      merchantEmail: z.string(),
      merchantPhone: z.string(),
      productUrl: z.string().nullable(),
      productName: z.string(),
      quantity: z.number().int(),
      status: z.enum(ORDER_STATUSES),
      purchasedDate: isoDate(),
      qualifiedToCancel: flag01(),
      refundPending: flag01(),
    }),
  ),
  count: count(),
});

/** One order, whole, with a handover QR code per farmer still to hand over (OrderDetail). */
export const orderDetailAnswer = z.object({
  order: z.object({
    orderId: rowId(),
    orderNo: z.string(),
    purchasedDate: isoDate(),
    currency: z.enum(CURRENCIES),
    total: z.string(),
    paymentType: z.enum(["card", "in_person"]),
    lines: z.array(
      z.object({
        id: rowId(),
        productName: z.string(),
        productUrl: z.string().nullable(),
        quantity: z.number().int(),
        unitPrice: z.string(),
        status: z.enum(ORDER_STATUSES),
        merchantName: z.string(),
        orderMethod: orderMethod(),
        qualifiedToCancel: flag01(),
        confirmed: z.boolean(),
      }),
    ),
    qualifiedToCancel: flag01(),
    handovers: z.array(
      z.object({
        merchantId: rowId(),
        merchantName: z.string(),
        url: z.string(),
        qrUrl: z.string(),
        shortCode: z.string(),
        size: z.number().int().positive(),
        path: z.string(),
      }),
    ),
  }),
});

export const orderCancelledAnswer = z.object({ orderNo: z.string(), message: z.string() });

/** The spec's "Confirm result": the farmer's confirmed lines and the payout the handover released. */
export const handoverConfirmedAnswer = z.object({
  results: z.array(
    z.object({
      product_image: z.string().nullable(),
      order_id: rowId(),
      product_name: z.string(),
      unit_price: z.string(),
      qty: z.number().int(),
      currency: z.enum(CURRENCIES),
    }),
  ),
  payout: z
    .object({
      status: z.enum(["paid", "owed"]),
      amount: z.string(),
      currency: z.enum(CURRENCIES),
      reason: z.string().nullable(),
    })
    .nullable(),
});

/** The farm app's scanner: the confirm result, and whether this call or an earlier one confirmed. */
export const handoverByCodeAnswer = handoverConfirmedAnswer.extend({
  outcome: z.enum(["confirmed", "already_confirmed"]),
  message: z.string(),
  orderId: rowId(),
  orderNo: z.string(),
});

/** next-auth's CSRF token, which its POST calls carry. */
export const csrfTokenAnswer = z.object({ csrfToken: z.string() });

/** next-auth's providers: the credentials one only. */
export const authProvidersAnswer = z.object({
  credentials: z.object({
    id: z.literal("credentials"),
    name: z.string(),
    type: z.literal("credentials"),
    signinUrl: z.string(),
    callbackUrl: z.string(),
  }),
});

/** next-auth's session: `{}` for a visitor, else its expiry and the member's id (auth-options.ts). */
export const authSessionAnswer = z.union([
  z.object({}),
  z.object({ expires: isoDate(), user: z.object({ id: z.string() }) }),
]);

/** What the page shell shows per viewer (server/viewer/viewer-answer.ts's ViewerAnswer). */
export const viewerAnswer = z.object({
  viewer: z
    .object({ role: z.enum(MEMBER_TYPES), username: z.string(), firstName: z.string() })
    .nullable(),
  cartCounts: z.object({ cart: count(), dreamtracker: count() }),
  unreadMessages: count(),
  menuCounts: z.record(z.string(), count()).optional(),
  myLocal: z
    .object({
      initial: locationView.nullable(),
      defaultCountry: z.enum(COUNTRY_CODES),
      autoOpen: z.boolean(),
    })
    .nullable(),
  myReview: reviewView.nullable().optional(),
  ownProductVersion: isoDate().nullable().optional(),
});

const deliveryContact = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
};

/** The Order Delivery Information as checked (lib/validation/checkout.ts's Delivery) and kept. */
export const deliveryCheckedAnswer = z.object({
  delivery: z.union([
    z.object({
      deliveryDestination: z.literal("store"),
      ...deliveryContact,
      pickup: z.array(z.object({ windowId: rowId(), day: z.string() })).optional(),
    }),
    z.object({
      deliveryDestination: z.literal("home"),
      ...deliveryContact,
      address: z.string(),
      city: z.string(),
      provinceState: z.string(),
      country: z.string(),
      postalCode: z.string(),
    }),
  ]),
  addressSaved: z.boolean(),
});

/** A two-step sign-in being set up (server/auth/second-factor): shown once. */
export const secondFactorSetupAnswer = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
  recoveryCodes: z.array(z.string()),
});

/** Whether two-step sign-in is on for the signed-in member. */
export const secondFactorStatusAnswer = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Admins must keep it on. */
  required: z.boolean(),
});

/** A session that just passed its second factor: its new token (the cookie is set too). */
export const secondFactorCheckedAnswer = z.object({ message: z.string(), token: z.string() });
