import { NextResponse, type NextRequest } from "next/server";
import { DELIVERY_DESTINATIONS, PAYMENT_TYPES } from "@/lib/constants";
import { PLANS } from "@/lib/money";
import { isDirectLocalRequest } from "@/server/base/connection";
import { newNonce, strictPolicy } from "@/server/http/content-security-policy";
import { MALFORMED_PATH_MESSAGE, isMalformedPath } from "@/server/http/input-guards";

/**
 * A convenience only: a visitor without the `authenticated` cookie who opens a page that needs a
 * sign-in goes straight to /login?redirectTo=<path and query> (spec part 1, sections 2 and 6;
 * `redirect` for a merchant's page)
 * instead of loading a page that would send them there anyway. Likewise anyone but a signed-in farm
 * who opens a store's owner-only view (/stores/{username}/public or /deleted) goes back to the store.
 *
 * It also answers the demo mailbox with a 404 to anyone not on this machine (mailboxRefusal), and a
 * path that cannot be decoded with a 400 (malformedPathResponse): for those two it runs on /api too.
 *
 * This is NOT authorization. The cookie is readable and forgeable, proxy can be skipped (a past
 * Next.js flaw let an `x-middleware-subrequest` header bypass middleware entirely), and it does
 * not run for ordinary /api paths. Every page and every service checks the real session itself
 * (`getSessionMember()`, `route({ role })`). Keep this file cheap: no database, no token decoding.
 */

/** Must equal `AUTH_COOKIES.authenticated.name` in server/auth/token.ts (a test checks it). Proxy does
 * not import that module because it is marked server-only. */
export const AUTHENTICATED_COOKIE = "authenticated";
/** Must equal `AUTH_COOKIES.memberType.name`: a readable hint of the signed-in member's type. */
export const MEMBER_TYPE_COOKIE = "member_type";

/** The spec's protected routes, as patterns on the pathname (an optional trailing slash allowed). */
const PROTECTED_PATHS: readonly RegExp[] = [
  /^\/settings\/?$/, // settings
  /^\/profile\/?$/, // profile
  /^\/messages(?:\/.*)?$/, // messages
  /^\/checkout\/delivery\/[^/]+\/[^/]+\/?$/, // checkoutDelivery: /checkout/delivery/{paymentType}/{destination}
  /^\/checkout\/[^/]+\/payment\/?$/, // checkoutPayment: /checkout/{paymentType}/payment
  /^\/checkout\/payment\/[^/]+\/completed(?:\/[^/]+)?\/?$/, // checkoutPaymentCompleted
  /^\/customerOrders\/manage\/?$/, // manageCustomerOrders
  /^\/customerOrders\/scan\/?$/, // the farm app's handover scanner (decision 0054)
  /^\/myOrders\/manage\/?$/, // manageMyOrders
  // Not in the spec's list, but a member's own pages all the same.
  /^\/checkout\/[^/]+\/preview\/?$/, // checkoutPreview
  /^\/orders\/ready\/?$/, // orderReady
  /^\/orders\/[^/]+\/confirmByMerchant\/?$/, // orderConfirmByMerchant
  /^\/products\/[^/]+\/edit\/?$/, // productDetailEdit
  // subscriptionPayment: /subscription/payment/{country}/{plan}; the ".../completed" page is not protected
  /^\/subscription\/payment\/[^/]+\/(?!completed\/?$)[^/]+\/?$/,
];

/**
 * The admin pages. Spec part 2 section 2: non-admins and visitors who open one go to the dashboard
 * (not to login), so anyone without the admin type hint is sent there at once; the page checks the
 * real session again (requireAdmin).
 */
const ADMIN_PATH =
  /^\/(?:orderManager|memberManager|resellerManager|resellerTransactions|adminInbox|adminAudit|adminMoney)\/?$/;

function adminPageRedirect(request: NextRequest): NextResponse | null {
  if (!ADMIN_PATH.test(request.nextUrl.pathname)) return null;
  const { cookies } = request;
  if (
    cookies.get(AUTHENTICATED_COOKIE)?.value === "true" &&
    cookies.get(MEMBER_TYPE_COOKIE)?.value === "admin"
  )
    return nextWithNonce(request);
  return NextResponse.redirect(new URL("/", request.url));
}

const oneOf = (values: readonly string[]) => (value: string | undefined) =>
  value !== undefined && values.includes(value);
const isPaymentType = oneOf(PAYMENT_TYPES);
const isDestination = oneOf(DELIVERY_DESTINATIONS);
const isPlanCountry = oneOf(["usa", "canada"]);
const isPaidPlan = oneOf(PLANS.filter((plan) => plan.id !== "basic").map((plan) => plan.id));

/**
 * Signed-in addresses that are a 404 by their shape alone: the pages' own checks before anything
 * streams (`generateStaticParams` lists every valid one). Next renders that 404 once and serves the
 * stored copy to everyone after, with the nonce of the first request in its scripts, so under a
 * fresh nonce it would never run; it is the same page for everyone and gets the cached pages'
 * policy (decision 0025). The pages still decide; this only picks the policy.
 */
function isNotFoundByShape(pathname: string): boolean {
  const [first, second, third, fourth] = pathname.split("/").filter(Boolean);
  if (first === "checkout" && second === "delivery" && fourth !== undefined)
    return !isPaymentType(third) || !isDestination(fourth);
  if (first === "checkout" && third === "preview") return !isPaymentType(second);
  if (first === "checkout" && third === "payment") return second !== "by_card";
  if (first === "subscription" && second === "payment" && fourth !== undefined)
    return !isPlanCountry(third) || !isPaidPlan(fourth);
  return false;
}

/**
 * A signed-in page is rendered for this request, so its scripts can run by nonce alone
 * (server/http/content-security-policy.ts, decision 0025). Next reads the nonce from the policy on
 * the request and puts it on every script it writes; the browser gets the same policy.
 */
function nextWithNonce(request: NextRequest): NextResponse {
  const policy = strictPolicy(newNonce());
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

/** Whether a pathname is one of the spec's login-protected pages. */
export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * Pages only a merchant uses. Their login link carries the page as `redirect`, not `redirectTo`:
 * after login the spec sends a merchant to their store unless `redirect` says otherwise.
 */
const MERCHANT_PATHS: readonly RegExp[] = [
  /^\/customerOrders\/manage\/?$/,
  /^\/customerOrders\/scan\/?$/,
  /^\/orders\/[^/]+\/confirmByMerchant\/?$/,
  /^\/products\/[^/]+\/edit\/?$/,
  /^\/subscription\/payment\//,
];

/** The login query that brings a visitor back to `pathname` (see MERCHANT_PATHS). */
export function returnQueryFor(pathname: string): "redirect" | "redirectTo" {
  return MERCHANT_PATHS.some((pattern) => pattern.test(pathname)) ? "redirect" : "redirectTo";
}

/** The owner-only store views /stores/{username}/public and /stores/{username}/deleted. */
const OWNER_STORE_VIEW = /^\/stores\/([^/]+)\/(?:public|deleted)\/?$/;

/**
 * Only a signed-in farm can own a store, so anyone else opening an owner-only view goes back to the
 * store here with a real 307. The page can only do that with a `refresh` meta tag: its session
 * check runs after the cached shell has been sent. Another farm passes and the page sends it back.
 */
function ownerStoreViewRedirect(request: NextRequest): NextResponse | null {
  const store = OWNER_STORE_VIEW.exec(request.nextUrl.pathname)?.[1];
  if (store === undefined) return null;
  const { cookies } = request;
  if (
    cookies.get(AUTHENTICATED_COOKIE)?.value === "true" &&
    cookies.get(MEMBER_TYPE_COOKIE)?.value === "merchant"
  )
    return null;
  return NextResponse.redirect(new URL(`/stores/${store}`, request.url));
}

/**
 * The demo mailbox holds every reset link: anyone but a browser on this machine, straight to this
 * server, gets a 404 before the page streams (its own check, behind a Suspense boundary, can only
 * show the not-found text under a 200). The page checks again, since proxy can be skipped.
 */
function mailboxRefusal(request: NextRequest): NextResponse | null {
  if (!/^\/dev\/mailbox(?:\/|$)/.test(request.nextUrl.pathname)) return null;
  if (isDirectLocalRequest(request.headers)) return null;
  return new NextResponse("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * A path with a broken percent-escape (`%E0%A4%A`) makes Next fail while matching a dynamic route
 * and answer a bare "Internal Server Error"; a decoded NUL reaches the database. Both are the
 * client's mistake: a 400 in the API's error shape, before any route runs.
 */
function malformedPathResponse(request: NextRequest): NextResponse | null {
  if (!isMalformedPath(request.nextUrl.pathname)) return null;
  return NextResponse.json(
    { message: MALFORMED_PATH_MESSAGE },
    { status: 400, headers: { "Cache-Control": "no-store" } },
  );
}

export function proxy(request: NextRequest) {
  const malformed = malformedPathResponse(request);
  if (malformed) return malformed;
  const refusal = mailboxRefusal(request);
  if (refusal) return refusal;
  const storeRedirect = ownerStoreViewRedirect(request);
  if (storeRedirect) return storeRedirect;
  const admin = adminPageRedirect(request);
  if (admin) return admin;
  const { pathname, search } = request.nextUrl;
  if (!isProtectedPath(pathname)) return NextResponse.next();
  if (request.cookies.get(AUTHENTICATED_COOKIE)?.value === "true")
    return isNotFoundByShape(pathname) ? NextResponse.next() : nextWithNonce(request);

  const login = new URL("/login", request.url);
  login.searchParams.set(returnQueryFor(pathname), pathname + search);
  return NextResponse.redirect(login);
}

// Proxy runs only where it might redirect or refuse; `isProtectedPath` makes the exact decision.
export const config = {
  matcher: [
    // Any path with a percent-escape: the only way to send a malformed escape or a control
    // character (Node refuses raw ones), see isMalformedPath. Uploads and other API bodies on
    // ordinary paths still never pass through proxy (which would buffer them).
    "/:path(.*%.*)",
    "/settings",
    "/profile",
    "/messages/:path*",
    "/checkout/:path*",
    "/customerOrders/manage",
    "/customerOrders/scan",
    "/myOrders/manage",
    "/orders/ready",
    "/orders/:orderId/confirmByMerchant",
    "/products/:id/edit",
    "/subscription/payment/:path*",
    "/stores/:username/public",
    "/stores/:username/deleted",
    "/orderManager",
    "/memberManager",
    "/resellerManager",
    "/resellerTransactions",
    "/adminInbox",
    "/adminAudit",
    "/adminMoney",
    "/dev/mailbox/:path*",
  ],
};
