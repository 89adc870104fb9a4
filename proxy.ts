import { NextResponse, type NextRequest } from "next/server";

/**
 * A convenience only: a visitor without the `authenticated` cookie who opens a page that needs a
 * sign-in goes straight to /login?redirectTo=<path and query> (spec part 1, sections 2 and 6)
 * instead of loading a page that would send them there anyway.
 *
 * This is NOT authorization. The cookie is readable and forgeable, proxy can be skipped (a past
 * Next.js flaw let an `x-middleware-subrequest` header bypass middleware entirely), and it never
 * runs for /api. Every page and every service checks the real session itself
 * (`getSessionMember()`, `route({ role })`). Keep this file cheap: no database, no token decoding.
 */

/** Must equal `AUTH_COOKIES.authenticated.name` in server/auth/token.ts (a test checks it). Proxy does
 * not import that module because it is marked server-only. */
export const AUTHENTICATED_COOKIE = "authenticated";

/** The spec's protected routes, as patterns on the pathname (an optional trailing slash allowed). */
const PROTECTED_PATHS: readonly RegExp[] = [
  /^\/settings\/?$/, // settings
  /^\/profile\/?$/, // profile
  /^\/messages(?:\/.*)?$/, // messages
  /^\/checkout\/delivery\/[^/]+\/[^/]+\/?$/, // checkoutDelivery: /checkout/delivery/{paymentType}/{destination}
  /^\/checkout\/[^/]+\/payment\/?$/, // checkoutPayment: /checkout/{paymentType}/payment
  /^\/checkout\/payment\/[^/]+\/completed(?:\/[^/]+)?\/?$/, // checkoutPaymentCompleted
  /^\/customerOrders\/manage\/?$/, // manageCustomerOrders
  /^\/myOrders\/manage\/?$/, // manageMyOrders
  /^\/products\/[^/]+\/edit\/?$/, // productDetailEdit
  // subscriptionPayment: /subscription/payment/{country}/{plan}; the ".../completed" page is not protected
  /^\/subscription\/payment\/[^/]+\/(?!completed\/?$)[^/]+\/?$/,
  /^\/(?:orderManager|memberManager|resellerManager|resellerTransactions)\/?$/, // admin pages
];

/** Whether a pathname is one of the spec's login-protected pages. */
export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some((pattern) => pattern.test(pathname));
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (!isProtectedPath(pathname)) return NextResponse.next();
  if (request.cookies.get(AUTHENTICATED_COOKIE)?.value === "true") return NextResponse.next();

  const login = new URL("/login", request.url);
  login.searchParams.set("redirectTo", pathname + search);
  return NextResponse.redirect(login);
}

// Proxy runs only where it might redirect; `isProtectedPath` makes the exact decision.
export const config = {
  matcher: [
    "/settings",
    "/profile",
    "/messages/:path*",
    "/checkout/:path*",
    "/customerOrders/manage",
    "/myOrders/manage",
    "/products/:id/edit",
    "/subscription/payment/:path*",
    "/orderManager",
    "/memberManager",
    "/resellerManager",
    "/resellerTransactions",
  ],
};
