// Written by `npm run openapi:index` (scripts/write-route-index.ts): do not edit by hand.
import type { RouteModuleLoader } from "@/server/openapi/catalog";

/** Every route module under app/api, whose handlers' declarations make the OpenAPI document. */
export const ROUTE_MODULES: readonly RouteModuleLoader[] = [
  { file: "app/api/admin/audit/route.ts", load: () => import("@/app/api/admin/audit/route") },
  {
    file: "app/api/admin/money/[id]/pay/route.ts",
    load: () => import("@/app/api/admin/money/[id]/pay/route"),
  },
  {
    file: "app/api/admin/money/[id]/resolve/route.ts",
    load: () => import("@/app/api/admin/money/[id]/resolve/route"),
  },
  {
    file: "app/api/admin/money/[id]/retry/route.ts",
    load: () => import("@/app/api/admin/money/[id]/retry/route"),
  },
  { file: "app/api/admin/money/route.ts", load: () => import("@/app/api/admin/money/route") },
  {
    file: "app/api/admin/reviews/[reviewId]/[action]/route.ts",
    load: () => import("@/app/api/admin/reviews/[reviewId]/[action]/route"),
  },
  {
    file: "app/api/auth/[...nextauth]/route.ts",
    load: () => import("@/app/api/auth/[...nextauth]/route"),
  },
  {
    file: "app/api/cart/[pKey]/moveToDreamTracker/route.ts",
    load: () => import("@/app/api/cart/[pKey]/moveToDreamTracker/route"),
  },
  { file: "app/api/cart/[pKey]/route.ts", load: () => import("@/app/api/cart/[pKey]/route") },
  { file: "app/api/cart/route.ts", load: () => import("@/app/api/cart/route") },
  { file: "app/api/checkout/card/route.ts", load: () => import("@/app/api/checkout/card/route") },
  {
    file: "app/api/checkout/card/saveCard/route.ts",
    load: () => import("@/app/api/checkout/card/saveCard/route"),
  },
  {
    file: "app/api/checkout/card/savedCards/[paymentMethodId]/route.ts",
    load: () => import("@/app/api/checkout/card/savedCards/[paymentMethodId]/route"),
  },
  {
    file: "app/api/checkout/card/savedCards/route.ts",
    load: () => import("@/app/api/checkout/card/savedCards/route"),
  },
  {
    file: "app/api/checkout/delivery/route.ts",
    load: () => import("@/app/api/checkout/delivery/route"),
  },
  {
    file: "app/api/checkout/inPerson/route.ts",
    load: () => import("@/app/api/checkout/inPerson/route"),
  },
  {
    file: "app/api/contact/admin/[id]/handled/route.ts",
    load: () => import("@/app/api/contact/admin/[id]/handled/route"),
  },
  { file: "app/api/contact/admin/route.ts", load: () => import("@/app/api/contact/admin/route") },
  {
    file: "app/api/dreamtracker/[pKey]/moveToCart/route.ts",
    load: () => import("@/app/api/dreamtracker/[pKey]/moveToCart/route"),
  },
  {
    file: "app/api/dreamtracker/[pKey]/route.ts",
    load: () => import("@/app/api/dreamtracker/[pKey]/route"),
  },
  { file: "app/api/dreamtracker/route.ts", load: () => import("@/app/api/dreamtracker/route") },
  { file: "app/api/health/route.ts", load: () => import("@/app/api/health/route") },
  {
    file: "app/api/links/getOriginal/route.ts",
    load: () => import("@/app/api/links/getOriginal/route"),
  },
  { file: "app/api/location/route.ts", load: () => import("@/app/api/location/route") },
  {
    file: "app/api/merchants/contact/route.ts",
    load: () => import("@/app/api/merchants/contact/route"),
  },
  { file: "app/api/merchants/list/route.ts", load: () => import("@/app/api/merchants/list/route") },
  {
    file: "app/api/merchants/mapPoints/route.ts",
    load: () => import("@/app/api/merchants/mapPoints/route"),
  },
  {
    file: "app/api/merchants/register/route.ts",
    load: () => import("@/app/api/merchants/register/route"),
  },
  {
    file: "app/api/messages/conversations/[conversationId]/messages/route.ts",
    load: () => import("@/app/api/messages/conversations/[conversationId]/messages/route"),
  },
  {
    file: "app/api/messages/conversations/[conversationId]/read/route.ts",
    load: () => import("@/app/api/messages/conversations/[conversationId]/read/route"),
  },
  {
    file: "app/api/messages/conversations/[conversationId]/route.ts",
    load: () => import("@/app/api/messages/conversations/[conversationId]/route"),
  },
  {
    file: "app/api/messages/conversations/route.ts",
    load: () => import("@/app/api/messages/conversations/route"),
  },
  {
    file: "app/api/messages/farmers/route.ts",
    load: () => import("@/app/api/messages/farmers/route"),
  },
  {
    file: "app/api/messages/orders/route.ts",
    load: () => import("@/app/api/messages/orders/route"),
  },
  {
    file: "app/api/messages/stream/route.ts",
    load: () => import("@/app/api/messages/stream/route"),
  },
  {
    file: "app/api/messages/unread/route.ts",
    load: () => import("@/app/api/messages/unread/route"),
  },
  { file: "app/api/metrics/route.ts", load: () => import("@/app/api/metrics/route") },
  {
    file: "app/api/notifications/subscribe/route.ts",
    load: () => import("@/app/api/notifications/subscribe/route"),
  },
  {
    file: "app/api/notifications/unsubscribe/[type]/[userId]/route.ts",
    load: () => import("@/app/api/notifications/unsubscribe/[type]/[userId]/route"),
  },
  {
    file: "app/api/notifications/unsubscribe/route.ts",
    load: () => import("@/app/api/notifications/unsubscribe/route"),
  },
  { file: "app/api/openapi.json/route.ts", load: () => import("@/app/api/openapi.json/route") },
  {
    file: "app/api/orders/[orderNo]/cancel/route.ts",
    load: () => import("@/app/api/orders/[orderNo]/cancel/route"),
  },
  {
    file: "app/api/orders/[orderNo]/view/route.ts",
    load: () => import("@/app/api/orders/[orderNo]/view/route"),
  },
  {
    file: "app/api/orders/confirmByCode/route.ts",
    load: () => import("@/app/api/orders/confirmByCode/route"),
  },
  {
    file: "app/api/orders/confirmByMerchant/route.ts",
    load: () => import("@/app/api/orders/confirmByMerchant/route"),
  },
  {
    file: "app/api/orders/placed/view/route.ts",
    load: () => import("@/app/api/orders/placed/view/route"),
  },
  {
    file: "app/api/orders/received/view/route.ts",
    load: () => import("@/app/api/orders/received/view/route"),
  },
  {
    file: "app/api/orders/updateStatus/route.ts",
    load: () => import("@/app/api/orders/updateStatus/route"),
  },
  {
    file: "app/api/payouts/dashboard/route.ts",
    load: () => import("@/app/api/payouts/dashboard/route"),
  },
  {
    file: "app/api/payouts/onboarding/refresh/route.ts",
    load: () => import("@/app/api/payouts/onboarding/refresh/route"),
  },
  {
    file: "app/api/payouts/onboarding/route.ts",
    load: () => import("@/app/api/payouts/onboarding/route"),
  },
  {
    file: "app/api/pickup/closedDates/[day]/route.ts",
    load: () => import("@/app/api/pickup/closedDates/[day]/route"),
  },
  {
    file: "app/api/pickup/closedDates/route.ts",
    load: () => import("@/app/api/pickup/closedDates/route"),
  },
  {
    file: "app/api/pickup/places/[placeId]/route.ts",
    load: () => import("@/app/api/pickup/places/[placeId]/route"),
  },
  { file: "app/api/pickup/places/route.ts", load: () => import("@/app/api/pickup/places/route") },
  { file: "app/api/pickup/setup/route.ts", load: () => import("@/app/api/pickup/setup/route") },
  {
    file: "app/api/pickup/timeZone/route.ts",
    load: () => import("@/app/api/pickup/timeZone/route"),
  },
  {
    file: "app/api/pickup/windows/[windowId]/route.ts",
    load: () => import("@/app/api/pickup/windows/[windowId]/route"),
  },
  { file: "app/api/pickup/windows/route.ts", load: () => import("@/app/api/pickup/windows/route") },
  {
    file: "app/api/products/[productId]/activate/route.ts",
    load: () => import("@/app/api/products/[productId]/activate/route"),
  },
  {
    file: "app/api/products/[productId]/byUser/route.ts",
    load: () => import("@/app/api/products/[productId]/byUser/route"),
  },
  {
    file: "app/api/products/[productId]/delete/route.ts",
    load: () => import("@/app/api/products/[productId]/delete/route"),
  },
  {
    file: "app/api/products/[productId]/remove/route.ts",
    load: () => import("@/app/api/products/[productId]/remove/route"),
  },
  {
    file: "app/api/products/[productId]/reviews/route.ts",
    load: () => import("@/app/api/products/[productId]/reviews/route"),
  },
  { file: "app/api/products/add/route.ts", load: () => import("@/app/api/products/add/route") },
  {
    file: "app/api/products/filtered/route.ts",
    load: () => import("@/app/api/products/filtered/route"),
  },
  {
    file: "app/api/products/getTotal/byUser/route.ts",
    load: () => import("@/app/api/products/getTotal/byUser/route"),
  },
  {
    file: "app/api/products/update/route.ts",
    load: () => import("@/app/api/products/update/route"),
  },
  { file: "app/api/profile/avatar/route.ts", load: () => import("@/app/api/profile/avatar/route") },
  { file: "app/api/profile/route.ts", load: () => import("@/app/api/profile/route") },
  { file: "app/api/ready/route.ts", load: () => import("@/app/api/ready/route") },
  {
    file: "app/api/resellerUserListingTrans/markAsPaid/route.ts",
    load: () => import("@/app/api/resellerUserListingTrans/markAsPaid/route"),
  },
  {
    file: "app/api/resellerUserListingTrans/route.ts",
    load: () => import("@/app/api/resellerUserListingTrans/route"),
  },
  {
    file: "app/api/resellers/create/route.ts",
    load: () => import("@/app/api/resellers/create/route"),
  },
  { file: "app/api/resellers/route.ts", load: () => import("@/app/api/resellers/route") },
  {
    file: "app/api/reviews/[reviewId]/reply/route.ts",
    load: () => import("@/app/api/reviews/[reviewId]/reply/route"),
  },
  {
    file: "app/api/reviews/[reviewId]/reports/route.ts",
    load: () => import("@/app/api/reviews/[reviewId]/reports/route"),
  },
  {
    file: "app/api/reviews/[reviewId]/route.ts",
    load: () => import("@/app/api/reviews/[reviewId]/route"),
  },
  { file: "app/api/reviews/route.ts", load: () => import("@/app/api/reviews/route") },
  {
    file: "app/api/scripts/cancelOrderLine/route.ts",
    load: () => import("@/app/api/scripts/cancelOrderLine/route"),
  },
  {
    file: "app/api/scripts/findMembersByKeyword/route.ts",
    load: () => import("@/app/api/scripts/findMembersByKeyword/route"),
  },
  {
    file: "app/api/scripts/findOrdersByKeyword/route.ts",
    load: () => import("@/app/api/scripts/findOrdersByKeyword/route"),
  },
  {
    file: "app/api/scripts/payMerchant/route.ts",
    load: () => import("@/app/api/scripts/payMerchant/route"),
  },
  {
    file: "app/api/scripts/resetSecondFactor/route.ts",
    load: () => import("@/app/api/scripts/resetSecondFactor/route"),
  },
  {
    file: "app/api/scripts/updatePassword/route.ts",
    load: () => import("@/app/api/scripts/updatePassword/route"),
  },
  {
    file: "app/api/securities/block/route.ts",
    load: () => import("@/app/api/securities/block/route"),
  },
  {
    file: "app/api/settings/checkoutOptions/route.ts",
    load: () => import("@/app/api/settings/checkoutOptions/route"),
  },
  {
    file: "app/api/settings/notifications/route.ts",
    load: () => import("@/app/api/settings/notifications/route"),
  },
  {
    file: "app/api/settings/password/route.ts",
    load: () => import("@/app/api/settings/password/route"),
  },
  {
    file: "app/api/settings/secondFactor/route.ts",
    load: () => import("@/app/api/settings/secondFactor/route"),
  },
  {
    file: "app/api/stores/[username]/products/route.ts",
    load: () => import("@/app/api/stores/[username]/products/route"),
  },
  {
    file: "app/api/stripe/connect-webhook/route.ts",
    load: () => import("@/app/api/stripe/connect-webhook/route"),
  },
  { file: "app/api/stripe/webhook/route.ts", load: () => import("@/app/api/stripe/webhook/route") },
  {
    file: "app/api/subscriptions/cancel/route.ts",
    load: () => import("@/app/api/subscriptions/cancel/route"),
  },
  {
    file: "app/api/subscriptions/card/route.ts",
    load: () => import("@/app/api/subscriptions/card/route"),
  },
  {
    file: "app/api/subscriptions/plan/route.ts",
    load: () => import("@/app/api/subscriptions/plan/route"),
  },
  {
    file: "app/api/subscriptions/resume/route.ts",
    load: () => import("@/app/api/subscriptions/resume/route"),
  },
  { file: "app/api/subscriptions/route.ts", load: () => import("@/app/api/subscriptions/route") },
  {
    file: "app/api/users/forgotPassword/route.ts",
    load: () => import("@/app/api/users/forgotPassword/route"),
  },
  { file: "app/api/users/login/route.ts", load: () => import("@/app/api/users/login/route") },
  {
    file: "app/api/users/login/secondFactor/route.ts",
    load: () => import("@/app/api/users/login/secondFactor/route"),
  },
  {
    file: "app/api/users/login/secondFactor/setup/route.ts",
    load: () => import("@/app/api/users/login/secondFactor/setup/route"),
  },
  { file: "app/api/users/logout/route.ts", load: () => import("@/app/api/users/logout/route") },
  { file: "app/api/users/register/route.ts", load: () => import("@/app/api/users/register/route") },
  {
    file: "app/api/users/resetPassword/route.ts",
    load: () => import("@/app/api/users/resetPassword/route"),
  },
  {
    file: "app/api/users/secondFactor/verify/route.ts",
    load: () => import("@/app/api/users/secondFactor/verify/route"),
  },
  { file: "app/api/viewer/route.ts", load: () => import("@/app/api/viewer/route") },
];
