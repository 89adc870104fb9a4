import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { AUTH_COOKIES } from "@/server/auth/token";
import { stampedHeadersForTest } from "@/server/base/connection";
import { AUTHENTICATED_COOKIE, MEMBER_TYPE_COOKIE, isProtectedPath, proxy } from "./proxy";

describe("protected pages (spec part 1, section 6)", () => {
  it.each([
    "/settings",
    "/settings/",
    "/profile",
    "/messages",
    "/checkout/delivery/card/pickup",
    "/checkout/card/payment",
    "/checkout/inPerson/payment",
    "/checkout/payment/card/completed",
    "/checkout/payment/card/completed/ORD-1001",
    "/customerOrders/manage",
    "/myOrders/manage",
    "/checkout/in_person/preview",
    "/orders/ready",
    "/orders/42/confirmByMerchant",
    "/products/12/edit",
    "/subscription/payment/CA/engager",
  ])("%s needs a sign-in", (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it.each([
    "/",
    "/login",
    "/register",
    "/cart",
    "/pricing",
    "/products/12",
    "/products/filtered",
    "/orders/42",
    "/subscription/payment/card/1767225600/completed",
    "/subscription/payment/card/completed",
    "/stores/anna",
    "/stores/anna/products/add",
    "/settingsX",
    "/api/settings",
    "/resetPassword/abc",
    "/unsubscribe/promotion/5",
  ])("%s is open", (path) => {
    expect(isProtectedPath(path)).toBe(false);
  });
});

describe("proxy", () => {
  const request = (path: string, init?: ConstructorParameters<typeof NextRequest>[1]) =>
    new NextRequest(new URL(path, "http://localhost:3000"), init);

  it("sends a visitor without the authenticated cookie to login, keeping path and query", () => {
    const response = proxy(request("/settings?section=payout&notice=require_payout_acct"));
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirectTo")).toBe(
      "/settings?section=payout&notice=require_payout_acct",
    );
  });

  it.each([
    ["/products/3/edit", "redirect"],
    ["/customerOrders/manage?page=2", "redirect"],
    ["/orders/LPM-1/confirmByMerchant", "redirect"],
    ["/subscription/payment/CA/2", "redirect"],
    ["/myOrders/manage", "redirectTo"],
    ["/checkout/card/preview", "redirectTo"],
  ])(
    "brings a visitor back to %s through `%s` (a merchant's page through redirect, which the after-login rule honours for merchants)",
    (path, query) => {
      const response = proxy(request(path));
      const location = new URL(response.headers.get("location") ?? "");
      expect([...location.searchParams.keys()]).toEqual([query]);
      expect(location.searchParams.get(query)).toBe(path);
    },
  );

  it("lets a request with the authenticated cookie through (the page checks the real session)", () => {
    const response = proxy(
      request("/products/3/edit", { headers: { cookie: "authenticated=true" } }),
    );
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("leaves open pages alone", () => {
    const response = proxy(request("/checkout/in_person/payment/extra"));
    expect(response.headers.get("location")).toBeNull();
  });

  it("gives x-middleware-subrequest no special treatment", () => {
    const response = proxy(
      request("/settings", {
        headers: { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
      }),
    );
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location") ?? "").pathname).toBe("/login");
  });

  it.each([
    ["a visitor", "/memberManager", undefined],
    ["a customer", "/orderManager", "authenticated=true; member_type=customer"],
    ["a farm", "/resellerManager/", "authenticated=true; member_type=merchant"],
    ["a stale admin type cookie alone", "/resellerTransactions", "member_type=admin"],
    ["a visitor", "/adminInbox", undefined],
    ["a farm", "/adminAudit", "authenticated=true; member_type=merchant"],
  ])(
    "sends %s from the admin page %s to the dashboard (spec part 2 section 2)",
    (_who, path, cookie) => {
      const response = proxy(request(path, cookie ? { headers: { cookie } } : undefined));
      expect(response.status).toBe(307);
      expect(new URL(response.headers.get("location") ?? "").pathname).toBe("/");
    },
  );

  it("lets an admin's request through to the admin page (which checks the real session)", () => {
    const response = proxy(
      request("/memberManager", { headers: { cookie: "authenticated=true; member_type=admin" } }),
    );
    expect(response.headers.get("location")).toBeNull();
  });

  it("reads the cookie the login sets", () => {
    expect(AUTHENTICATED_COOKIE).toBe(AUTH_COOKIES.authenticated.name);
  });
});

describe("owner-only store views (spec part 1 section 4)", () => {
  const request = (path: string, cookie?: string) =>
    new NextRequest(
      new URL(path, "http://localhost:3000"),
      cookie ? { headers: { cookie } } : undefined,
    );

  it.each([
    ["a visitor", "/stores/maple_ridge_farm/deleted", undefined],
    ["a visitor", "/stores/maple_ridge_farm/public/", undefined],
    ["a customer", "/stores/maple_ridge_farm/public", "authenticated=true; member_type=customer"],
    ["an admin", "/stores/maple_ridge_farm/deleted", "authenticated=true; member_type=admin"],
    [
      "a stale member_type cookie alone",
      "/stores/maple_ridge_farm/deleted",
      "member_type=merchant",
    ],
  ])("sends %s from %s back to the store with a 307", (_who, path, cookie) => {
    const response = proxy(request(path, cookie));
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location") ?? "").pathname).toBe(
      "/stores/maple_ridge_farm",
    );
  });

  it("lets a signed-in farm through (the page checks it owns the store)", () => {
    const response = proxy(
      request("/stores/maple_ridge_farm/deleted", "authenticated=true; member_type=merchant"),
    );
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it.each([
    "/stores/maple_ridge_farm",
    "/stores/maple_ridge_farm/hidden",
    "/stores/maple_ridge_farm/products/add",
  ])("leaves %s alone", (path) => {
    expect(proxy(request(path)).headers.get("location")).toBeNull();
  });

  it("reads the member type cookie the login sets", () => {
    expect(MEMBER_TYPE_COOKIE).toBe(AUTH_COOKIES.memberType.name);
  });
});

describe("the demo mailbox (issue 22)", () => {
  const mailbox = (headers: Headers) =>
    proxy(new NextRequest("http://127.0.0.1:3000/dev/mailbox", { headers }));

  it("is answered to a browser on this machine, straight to the server", () => {
    expect(mailbox(stampedHeadersForTest("127.0.0.1")).status).toBe(200);
    expect(mailbox(stampedHeadersForTest("::ffff:127.0.0.1")).status).toBe(200);
  });

  it.each([
    ["another machine", stampedHeadersForTest("192.0.2.2")],
    [
      "a proxy on this machine",
      stampedHeadersForTest("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }),
    ],
    [
      "a proxy saying Forwarded",
      stampedHeadersForTest("127.0.0.1", { forwarded: "for=127.0.0.1" }),
    ],
    ["a proxy saying X-Real-IP", stampedHeadersForTest("127.0.0.1", { "x-real-ip": "127.0.0.1" })],
  ])("is a 404 to %s", (_who, headers) => {
    expect(mailbox(headers).status).toBe(404);
  });

  it("is a 404 for one mail too", () => {
    const request = new NextRequest("http://127.0.0.1:3000/dev/mailbox/3", {
      headers: stampedHeadersForTest("192.0.2.2"),
    });
    expect(proxy(request).status).toBe(404);
  });
});

describe("paths that cannot be decoded (issue 22)", () => {
  it.each([
    "/api/products/%E0%A4%A/reviews",
    "/api/cart/%00",
    "/api/dreamtracker/%00/moveToCart",
    "/api/stores/%00/products",
    "/uploads/%E0%A4%A",
    "/products/%E0%A4%A",
  ])("%s gets a 400 in the API's error shape", async (path) => {
    const response = proxy(new NextRequest(`http://127.0.0.1:3000${path}`));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The address is not valid." });
  });

  it("lets an ordinary escaped path through", () => {
    const response = proxy(new NextRequest("http://127.0.0.1:3000/stores/caf%C3%A9"));
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });
});

describe("the signed-in pages' script policy (decision 0025)", () => {
  const signedIn = (path: string, memberType = "customer") =>
    proxy(
      new NextRequest(`http://127.0.0.1:3000${path}`, {
        headers: { cookie: `authenticated=true; member_type=${memberType}` },
      }),
    );
  const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

  it.each([
    ["/settings", "customer"],
    ["/messages", "customer"],
    ["/checkout/by_card/payment", "customer"],
    ["/customerOrders/manage", "merchant"],
    ["/orderManager", "admin"],
  ])("%s runs inline scripts by a nonce only, told to Next and the browser alike", (path, type) => {
    const response = signedIn(path, type);
    const policy = response.headers.get("content-security-policy");
    expect(nonceOf(policy)).toBeTruthy();
    expect(policy).not.toContain("'unsafe-inline' https://js.stripe.com");
    expect(policy?.split("; ").find((d) => d.startsWith("script-src"))).not.toContain(
      "unsafe-inline",
    );
    // NextResponse.next({ request: { headers } }) hands the request's new headers to Next this way.
    expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  });

  it("makes a new nonce for every request", () => {
    const nonces = new Set(
      Array.from({ length: 20 }, () =>
        nonceOf(signedIn("/settings").headers.get("content-security-policy")),
      ),
    );
    expect(nonces.size).toBe(20);
  });

  it.each([
    "/checkout/delivery/cash/home",
    "/checkout/delivery/in_person/moon",
    "/checkout/cash/preview",
    "/checkout/in_person/payment",
    "/subscription/payment/CA/engager",
    "/subscription/payment/canada/basic",
  ])(
    "gives %s, a 404 by its shape (a stored page the same for everyone), the cached pages' policy",
    (path) => {
      const response = signedIn(path);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("content-security-policy")).toBeNull();
      expect(response.headers.get("x-middleware-request-content-security-policy")).toBeNull();
    },
  );

  it.each([
    "/checkout/delivery/in_person/home",
    "/checkout/delivery/by_card/store",
    "/checkout/in_person/preview",
    "/checkout/by_card/payment",
    "/subscription/payment/canada/harvest",
  ])("gives the valid address %s the nonce", (path) => {
    expect(nonceOf(signedIn(path, "merchant").headers.get("content-security-policy"))).toBeTruthy();
  });

  it("leaves redirects and refusals without a page policy of their own", () => {
    const visitor = proxy(new NextRequest("http://127.0.0.1:3000/settings"));
    expect(visitor.status).toBe(307);
    expect(visitor.headers.get("content-security-policy")).toBeNull();
  });
});
