import type { MemberType } from "@/lib/constants";
import { FEATURES, isFeatureOn, type Feature, type FeatureSet } from "@/lib/features";
import type { Viewer } from "@/lib/viewer";

/**
 * Every entry of the header, the mobile menu, the profile dropdown and the footer, in one table
 * (spec part 1, section 2 "Navigation", and section 6 for who sees what).
 *
 * An entry shows only when its feature is on (`lib/features.ts`) and the viewer's role is listed.
 * To turn an entry on, ship its page and flip the flag; to move or rename one, edit it here.
 */

export type MemberRole = MemberType;
export type Role = "visitor" | MemberRole;

/** What the menus know about the person looking at them (lib/viewer.ts, the server answers it). */
export type { Viewer };

/**
 * Where an entry appears:
 * - `main`: the top menu (desktop bar and the top of the mobile menu);
 * - `shortcuts`: heart, basket and message icons on wide screens, rows in the mobile menu;
 * - `account`: the profile dropdown (members) or Login/Register buttons (visitors) on wide
 *   screens, rows in the mobile menu;
 * - `footer`: the footer's link list.
 */
export type NavPlacement = "main" | "shortcuts" | "account" | "footer";

/** Entries that are not a page: a control the shell renders as a button (see nav-action.tsx). */
export type NavAction = "logout" | "open-my-local";

export type NavItemId =
  | "dashboard"
  | "popular"
  | "new-arrivals"
  | "farmers"
  | "pricing"
  | "how-it-works"
  | "my-local"
  | "contact"
  | "dreamtracker"
  | "cart"
  | "messages"
  | "register"
  | "login"
  | "profile"
  | "my-store"
  | "customer-orders"
  | "demand"
  | "my-purchases"
  | "members-manager"
  | "orders-manager"
  | "reseller-manager"
  | "reseller-transactions"
  | "admin-inbox"
  | "admin-audit"
  | "admin-money"
  | "admin-reviews"
  | "settings"
  | "logout"
  | "terms"
  | "privacy"
  | "credits";

type NavTarget = { href: string | ((viewer: Viewer) => string) } | { action: NavAction };

export type NavItemConfig = NavTarget & {
  id: NavItemId;
  label: string;
  /** The spec's own word for the entry in the phone's menu, where it differs ('Dreamtracker'). */
  menuLabel?: string;
  /** The area the entry needs; null for the always-on pages. */
  feature: Feature | null;
  roles: readonly Role[];
  placements: readonly NavPlacement[];
  /** Entries of one group sit together; menus draw a separator between groups. */
  group?: "admin" | "session";
};

/** An entry ready to render: the href is resolved for the viewer. */
export type NavItem = {
  id: NavItemId;
  label: string;
  menuLabel?: string;
  /** A count the menus show beside the entry (an admin's open money issues). */
  count?: number;
  group?: "admin" | "session";
} & ({ href: string; action?: never } | { action: NavAction; href?: never });

const EVERYONE: readonly Role[] = ["visitor", "customer", "merchant", "admin"];
const MEMBERS: readonly Role[] = ["customer", "merchant", "admin"];

/** In display order: the spec's order of the top menu, then of the mobile additions, then the footer's. */
// prettier-ignore
export const NAV_ITEMS: readonly NavItemConfig[] = [
  { id: "dashboard", label: "Dashboard", href: "/", feature: null, roles: EVERYONE, placements: ["main", "footer"] },
  // /products/filtered reads `sortType` and `keyword`, the names of the spec's cookies; an empty
  // `keyword=` shows every product rather than the visitor's last search.
  { id: "popular", label: "Popular", href: "/products/filtered?sortType=popular&keyword=", feature: "catalog", roles: EVERYONE, placements: ["main", "footer"] },
  { id: "new-arrivals", label: "New Arrivals", href: "/products/filtered?sortType=latest&keyword=", feature: "catalog", roles: EVERYONE, placements: ["main", "footer"] },
  { id: "farmers", label: "Farmers", href: "/merchants/list", feature: "catalog", roles: EVERYONE, placements: ["main"] },
  { id: "pricing", label: "Pricing", href: "/pricing", feature: null, roles: EVERYONE, placements: ["main"] },
  { id: "how-it-works", label: "How It Works", href: "/howItWorks", feature: null, roles: EVERYONE, placements: ["main"] },
  // Spec section 6: only customers and visitors see My Local. It opens the location dialog.
  { id: "my-local", label: "My Local", action: "open-my-local", feature: "myLocal", roles: ["visitor", "customer"], placements: ["main"] },
  { id: "contact", label: "Contact Us", href: "/contactUs", feature: "contact", roles: EVERYONE, placements: ["main", "footer"] },

  { id: "dreamtracker", label: "Dream Tracker", menuLabel: "Dreamtracker", href: "/dreamtracker", feature: "cart", roles: EVERYONE, placements: ["shortcuts"] },
  { id: "cart", label: "Cart", href: "/cart", feature: "cart", roles: EVERYONE, placements: ["shortcuts"] },
  // Messages is a protected route; a visitor's conversations reach them by email instead.
  { id: "messages", label: "Messages", href: "/messages", feature: "messaging", roles: MEMBERS, placements: ["shortcuts"] },

  { id: "register", label: "Register", href: "/register", feature: "accounts", roles: ["visitor"], placements: ["account", "footer"] },
  { id: "login", label: "Login", href: "/login", feature: "accounts", roles: ["visitor"], placements: ["account", "footer"] },
  { id: "profile", label: "Profile", href: "/profile", feature: "accounts", roles: MEMBERS, placements: ["account"] },
  { id: "my-store", label: "My Store", href: (viewer) => `/stores/${encodeURIComponent(viewer.username)}`, feature: "catalog", roles: ["merchant"], placements: ["account"] },
  { id: "customer-orders", label: "Customer Orders", href: "/customerOrders/manage", feature: "orders", roles: ["merchant"], placements: ["account"] },
  // Not in the spec: what people near the farm look for (issue 44, item 5).
  { id: "demand", label: "Demand", href: "/demand", feature: "catalog", roles: ["merchant"], placements: ["account"] },
  // Spec section 6: everyone but admin sees My Purchases.
  { id: "my-purchases", label: "My Purchases", href: "/myOrders/manage", feature: "orders", roles: ["customer", "merchant"], placements: ["account"] },
  { id: "members-manager", label: "Members Manager", href: "/memberManager", feature: "admin", roles: ["admin"], placements: ["account"], group: "admin" },
  { id: "orders-manager", label: "Orders Manager", href: "/orderManager", feature: "admin", roles: ["admin"], placements: ["account"], group: "admin" },
  { id: "reseller-manager", label: "Reseller Manager", href: "/resellerManager", feature: "admin", roles: ["admin"], placements: ["account"], group: "admin" },
  { id: "reseller-transactions", label: "Reseller Transactions", href: "/resellerTransactions", feature: "admin", roles: ["admin"], placements: ["account"], group: "admin" },
  // Not in the spec: where operators read Contact Us messages and who did what (issue 21).
  { id: "admin-inbox", label: "Contact Inbox", href: "/adminInbox", feature: "contact", roles: ["admin"], placements: ["account"], group: "admin" },
  { id: "admin-audit", label: "Audit Trail", href: "/adminAudit", feature: "admin", roles: ["admin"], placements: ["account"], group: "admin" },
  { id: "admin-money", label: "Money", href: "/adminMoney", feature: "admin", roles: ["admin"], placements: ["account"], group: "admin" },
  // Issue 44: reported reviews and replies, counted in the menu.
  { id: "admin-reviews", label: "Review Moderation", href: "/adminReviews", feature: "admin", roles: ["admin"], placements: ["account"], group: "admin" },
  { id: "settings", label: "Settings", href: "/settings", feature: "accounts", roles: MEMBERS, placements: ["account"], group: "session" },
  { id: "logout", label: "Logout", action: "logout", feature: "accounts", roles: MEMBERS, placements: ["account", "footer"], group: "session" },

  { id: "terms", label: "Terms of Use", href: "/termsOfUse", feature: null, roles: EVERYONE, placements: ["footer"] },
  { id: "privacy", label: "Privacy Policy", href: "/privacyPolicy", feature: null, roles: EVERYONE, placements: ["footer"] },
  { id: "credits", label: "Data credits", href: "/credits", feature: null, roles: EVERYONE, placements: ["footer"] },
];

export type NavQuery = {
  placement: NavPlacement;
  /**
   * null for a visitor. undefined while the session is still loading: only entries every role
   * sees are returned, so the placeholder never shows an entry the real menu takes away.
   */
  viewer: Viewer | null | undefined;
  features?: FeatureSet;
};

/** The entries of one placement for one viewer, in display order, with hrefs resolved. */
export function getNavItems({ placement, viewer, features = FEATURES }: NavQuery): NavItem[] {
  const role: Role | undefined = viewer === undefined ? undefined : (viewer?.role ?? "visitor");
  return NAV_ITEMS.filter(
    (item) =>
      item.placements.includes(placement) &&
      isFeatureOn(item.feature, features) &&
      (role === undefined
        ? EVERYONE.every((r) => item.roles.includes(r))
        : item.roles.includes(role)),
  ).map((item) => resolve(item, viewer ?? null));
}

function resolve(item: NavItemConfig, viewer: Viewer | null): NavItem {
  const base = {
    id: item.id,
    label: item.label,
    ...(item.menuLabel ? { menuLabel: item.menuLabel } : {}),
    ...(item.group ? { group: item.group } : {}),
  };
  if ("action" in item) return { ...base, action: item.action };
  if (typeof item.href === "string") return { ...base, href: item.href };
  // Function hrefs belong to member-only entries, so a viewer is always present here.
  if (!viewer) throw new Error(`Nav item ${item.id} needs a signed-in viewer`);
  return { ...base, href: item.href(viewer) };
}

/**
 * Whether an entry's page is the current page (or a page under it, for sections). Entries that
 * differ only by query (Popular, New Arrivals) cannot be told apart by the path, so they never are.
 */
export function isCurrentPath(href: string, pathname: string | null): boolean {
  if (!pathname || href.includes("?")) return false;
  const path = href.split("#")[0] ?? href;
  if (path === "/") return pathname === "/";
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The entries with the counts the viewer's answer gives them (those above 0). */
export function withMenuCounts(
  items: NavItem[],
  counts: Record<string, number> | undefined,
): NavItem[] {
  if (!counts) return items;
  return items.map((item) => {
    const count = counts[item.id];
    return count && count > 0 ? { ...item, count } : item;
  });
}
