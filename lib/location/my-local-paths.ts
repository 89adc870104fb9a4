/**
 * Where the My Local dialog may open by itself (spec part 1 section 4: "on non-excluded pages").
 * Pages where a person is busy with something else are excluded: signing in or up, password
 * recovery, checkout and payments, account, admin, link-driven pages (unsubscribe, security
 * block, short links) and the developer pages. The menu's My Local entry opens it anywhere.
 */
export const MY_LOCAL_EXCLUDED_PATHS: readonly string[] = [
  "/login",
  "/register",
  "/merchants/register",
  "/forgotPassword",
  "/resetPassword",
  "/checkout",
  "/subscription",
  "/external",
  "/orders",
  "/settings",
  "/profile",
  "/messages",
  "/customerOrders",
  "/myOrders",
  "/memberManager",
  "/orderManager",
  "/resellerManager",
  "/resellerTransactions",
  "/unsubscribe",
  "/securities",
  "/shortLink",
  "/dev",
];

/** True for an excluded path and everything under it ("/checkout/by_card/preview"). */
export function isMyLocalExcludedPath(pathname: string): boolean {
  return MY_LOCAL_EXCLUDED_PATHS.some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}

/**
 * Set (for the browser session) when the viewer closes the dialog without saving, so it does not
 * open again on every page; the server reads it too and skips the automatic opening.
 */
export const MY_LOCAL_DISMISSED_COOKIE = "loc_dialog_dismissed";

export function rememberMyLocalDismissal(): void {
  document.cookie = `${MY_LOCAL_DISMISSED_COOKIE}=1; path=/; SameSite=Lax`;
}
