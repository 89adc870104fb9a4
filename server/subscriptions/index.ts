import "server-only";

// Farmer plans on Stripe Billing: what pages, routes and gates use.
export {
  cancelSubscription,
  changePlan,
  MANAGED_BY_MARKETPLACE_MESSAGE,
  NOT_SUBSCRIBED_MESSAGE,
  resumeSubscription,
} from "./change-subscription";
export {
  completeSubscriptionReturn,
  startCardUpdate,
  SUBSCRIPTION_PAYMENT_FAILED_MESSAGE,
  type SubscriptionReturn,
} from "./complete-subscription-return";
export {
  confirmSubscriptionChange,
  type CompletionClaim,
  type SubscriptionCompletion,
} from "./confirm-subscription-change";
export {
  ensurePlanPrices,
  getPlanPrices,
  isPaidPlan,
  PAID_PLAN_IDS,
  PlanPriceMismatchError,
  type PaidPlanId,
  type PlanPrice,
} from "./plan-prices";
export { sendPlanPaymentEmail } from "./send-plan-payment-email";
export {
  startSubscription,
  type SubscriptionCheckout,
  type SubscriptionKind,
} from "./start-subscription";
export {
  COUNTRY_CURRENCY,
  countryOfCurrency,
  entitlementOfRow,
  FARMERS_ONLY_MESSAGE,
  formatServiceDate,
  getEntitlement,
  getSubscriptionDetails,
  planName,
  type SubscriptionDetails,
  type SubscriptionCountry,
} from "./subscription-state";
