import "server-only";

// The data loaders' home: what components/ may call on the server (docs/architecture.md). Pages'
// server components read the session, the cached lists and the few per-request reads through
// here, so components never open the database nor reach into a domain's internals; anything
// else they take from server/ is a type.
export { getSessionMember } from "@/server/auth/session";
export { requireAdmin, requireMember } from "@/server/auth/guards";
export { absoluteUrl, JsonLd, pageMetadata, serializeJsonLd } from "@/server/seo";
export { formatServiceDate } from "@/server/subscriptions";
export { loadCartList } from "./cart-list";
export { loadRegistrationFromReply } from "./visitor-registration";
export {
  getCachedMerchantList,
  getCachedProductList,
  getMerchantListFor,
  getProductListFor,
  getViewerMerchantList,
  getViewerNarrowing,
  getViewerProductList,
  type CatalogLists,
  type Narrowing,
  type ViewerList,
} from "./catalog-data";
export {
  cardPaymentsConfigured,
  loadOwnPlan,
  loadStoreProducts,
  loadSubscriptionCompletion,
  loadViewerMapPoint,
} from "./page-loaders";
export { getCachedStorePage, isPossibleUsername, type StorePageData } from "./store-data";
