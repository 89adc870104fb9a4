import { describe, expect, it } from "vitest";
import { FEATURES, type Feature, type FeatureSet } from "@/lib/features";
import {
  NAV_ITEMS,
  getNavItems,
  isCurrentPath,
  withMenuCounts,
  type MemberRole,
  type NavPlacement,
  type Viewer,
} from "./nav-items";

const ALL_ON = Object.fromEntries(Object.keys(FEATURES).map((f) => [f, true])) as Record<
  Feature,
  boolean
>;
const ALL_OFF = Object.fromEntries(Object.keys(FEATURES).map((f) => [f, false])) as Record<
  Feature,
  boolean
>;

const member = (role: MemberRole): Viewer => ({ role, username: "green acres", firstName: "Ada" });
const VIEWERS = {
  visitor: null,
  customer: member("customer"),
  merchant: member("merchant"),
  admin: member("admin"),
} as const;

function labels(
  placement: NavPlacement,
  viewer: Viewer | null | undefined,
  features: FeatureSet = ALL_ON,
) {
  return getNavItems({ placement, viewer, features }).map((item) => item.label);
}

describe("navigation with every feature on", () => {
  // Spec part 1 section 2 (Navigation) and section 6 (Roles): the expected menus per role.
  it.each([
    [
      "visitor",
      [
        "Dashboard",
        "Popular",
        "New Arrivals",
        "Farmers",
        "Pricing",
        "How It Works",
        "My Local",
        "Contact Us",
      ],
    ],
    [
      "customer",
      [
        "Dashboard",
        "Popular",
        "New Arrivals",
        "Farmers",
        "Pricing",
        "How It Works",
        "My Local",
        "Contact Us",
      ],
    ],
    [
      "merchant",
      ["Dashboard", "Popular", "New Arrivals", "Farmers", "Pricing", "How It Works", "Contact Us"],
    ],
    [
      "admin",
      ["Dashboard", "Popular", "New Arrivals", "Farmers", "Pricing", "How It Works", "Contact Us"],
    ],
  ] as const)("shows the %s this top menu", (role, expected) => {
    expect(labels("main", VIEWERS[role])).toEqual(expected);
  });

  it.each([
    ["visitor", ["Dream Tracker", "Cart"]],
    ["customer", ["Dream Tracker", "Cart", "Messages"]],
    ["merchant", ["Dream Tracker", "Cart", "Messages"]],
    ["admin", ["Dream Tracker", "Cart", "Messages"]],
  ] as const)("shows the %s these shortcuts", (role, expected) => {
    expect(labels("shortcuts", VIEWERS[role])).toEqual(expected);
  });

  it.each([
    ["visitor", ["Register", "Login"]],
    ["customer", ["Profile", "My Purchases", "Settings", "Logout"]],
    [
      "merchant",
      ["Profile", "My Store", "Customer Orders", "Demand", "My Purchases", "Settings", "Logout"],
    ],
    [
      "admin",
      [
        "Profile",
        "Members Manager",
        "Orders Manager",
        "Reseller Manager",
        "Reseller Transactions",
        "Contact Inbox",
        "Audit Trail",
        "Money",
        "Review Moderation",
        "Settings",
        "Logout",
      ],
    ],
  ] as const)("shows the %s these account entries", (role, expected) => {
    expect(labels("account", VIEWERS[role])).toEqual(expected);
  });

  it.each([
    [
      "visitor",
      [
        "Dashboard",
        "Popular",
        "New Arrivals",
        "Contact Us",
        "Register",
        "Login",
        "Terms of Use",
        "Privacy Policy",
        "Data credits",
      ],
    ],
    [
      "customer",
      [
        "Dashboard",
        "Popular",
        "New Arrivals",
        "Contact Us",
        "Logout",
        "Terms of Use",
        "Privacy Policy",
        "Data credits",
      ],
    ],
    [
      "merchant",
      [
        "Dashboard",
        "Popular",
        "New Arrivals",
        "Contact Us",
        "Logout",
        "Terms of Use",
        "Privacy Policy",
        "Data credits",
      ],
    ],
    [
      "admin",
      [
        "Dashboard",
        "Popular",
        "New Arrivals",
        "Contact Us",
        "Logout",
        "Terms of Use",
        "Privacy Policy",
        "Data credits",
      ],
    ],
  ] as const)("shows the %s this footer", (role, expected) => {
    expect(labels("footer", VIEWERS[role])).toEqual(expected);
  });

  it("links a merchant's My Store to their own store", () => {
    const store = getNavItems({
      placement: "account",
      viewer: member("merchant"),
      features: ALL_ON,
    }).find((item) => item.id === "my-store");
    expect(store?.href).toBe("/stores/green%20acres");
  });

  it("renders Logout and My Local as actions, not links", () => {
    const logout = getNavItems({
      placement: "account",
      viewer: member("customer"),
      features: ALL_ON,
    }).find((i) => i.id === "logout");
    const myLocal = getNavItems({ placement: "main", viewer: null, features: ALL_ON }).find(
      (i) => i.id === "my-local",
    );
    expect(logout).toMatchObject({ action: "logout" });
    expect(myLocal).toMatchObject({ action: "open-my-local" });
  });

  it("shows only entries every role sees while the session is loading", () => {
    expect(labels("main", undefined)).toEqual([
      "Dashboard",
      "Popular",
      "New Arrivals",
      "Farmers",
      "Pricing",
      "How It Works",
      "Contact Us",
    ]);
    expect(labels("account", undefined)).toEqual([]);
    expect(labels("shortcuts", undefined)).toEqual(["Dream Tracker", "Cart"]);
  });
});

describe("navigation with features off", () => {
  const placements: NavPlacement[] = ["main", "shortcuts", "account", "footer"];
  const roles = Object.keys(VIEWERS) as (keyof typeof VIEWERS)[];

  it("shows only the always-on pages when every feature is off", () => {
    expect(labels("main", null, ALL_OFF)).toEqual(["Dashboard", "Pricing", "How It Works"]);
    expect(labels("footer", null, ALL_OFF)).toEqual([
      "Dashboard",
      "Terms of Use",
      "Privacy Policy",
      "Data credits",
    ]);
    for (const role of roles) {
      expect(labels("shortcuts", VIEWERS[role], ALL_OFF)).toEqual([]);
      expect(labels("account", VIEWERS[role], ALL_OFF)).toEqual([]);
    }
  });

  it.each(Object.keys(FEATURES) as Feature[])(
    "hides every entry that needs %s while it is off",
    (feature) => {
      const features = { ...ALL_ON, [feature]: false };
      const needing = new Set(
        NAV_ITEMS.filter((item) => item.feature === feature).map((item) => item.id),
      );
      for (const placement of placements) {
        for (const role of roles) {
          const shown = getNavItems({ placement, viewer: VIEWERS[role], features }).map(
            (item) => item.id,
          );
          expect(shown.filter((id) => needing.has(id))).toEqual([]);
        }
      }
    },
  );

  it("shows nothing that needs a feature that is off in this build", () => {
    for (const placement of placements) {
      for (const role of roles) {
        for (const item of getNavItems({ placement, viewer: VIEWERS[role] })) {
          const config = NAV_ITEMS.find((c) => c.id === item.id);
          expect(config?.feature === null || FEATURES[config!.feature]).toBe(true);
        }
      }
    }
  });
});

describe("isCurrentPath", () => {
  it.each([
    ["/", "/", true],
    ["/", "/pricing", false],
    ["/howItWorks", "/howItWorks/merchant", true],
    ["/pricing", "/pricingx", false],
    ["/products/filtered?sortType=popular", "/products/filtered", false],
    ["/pricing", null, false],
  ] as const)("%s is current on %s: %s", (href, pathname, expected) => {
    expect(isCurrentPath(href, pathname)).toBe(expected);
  });
});

describe("menu counts", () => {
  it("puts a count above 0 on its entry, and nothing on the others", () => {
    const items = getNavItems({
      placement: "account",
      viewer: { role: "admin", username: "ops", firstName: "Ops" },
    });
    const counted = withMenuCounts(items, { "admin-money": 3, "admin-audit": 0 });
    expect(counted.find((item) => item.id === "admin-money")?.count).toBe(3);
    expect(counted.filter((item) => item.count !== undefined)).toHaveLength(1);
    expect(withMenuCounts(items, undefined)).toBe(items);
  });
});
