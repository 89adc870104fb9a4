import { randomUUID } from "node:crypto";
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from "@playwright/test";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Real HTTP statuses for pages that can be missing or closed to the viewer (Cache Components streams
// a 200 once the shell is out, so these checks must happen before it: in the prerender or in proxy).
// Each request is made without following redirects, so the first answer is what is checked.

const FARM = "maple_ridge_farm";
const OTHER_FARM = "holland_marsh_greens";
const DEMO_PASSWORD = "Harvest2026!";
const NOINDEX = /<meta name="robots" content="noindex"/;
const NOT_FOUND_HEADING = "Page not found";

const raw = (request: APIRequestContext, path: string, headers?: Record<string, string>) =>
  request.get(path, { maxRedirects: 0, headers });

/** Signs the request context in and answers the site's origin (cookie-authenticated writes must carry it). */
async function signIn(
  request: APIRequestContext,
  login: string,
  password: string,
): Promise<string> {
  const response = await request.post("/api/users/login", { data: { login, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return new URL(response.url()).origin;
}

/** A temporary redirect to `path` (path and query; Next may answer an absolute or a relative Location). */
function expectRedirect(response: APIResponse, path: string) {
  expect(response.status(), response.url()).toBe(307);
  const location = new URL(response.headers()["location"] ?? "", response.url());
  expect(location.pathname + location.search).toBe(path);
}

/**
 * The router's prefetch of a page: its prerendered part, as the cache holds it. Next first answers
 * a cache-busting redirect to the same path with `_rsc`, which is followed by hand.
 */
async function prefetch(request: APIRequestContext, path: string): Promise<APIResponse> {
  const headers = { RSC: "1", "Next-Router-Prefetch": "1" };
  const first = await raw(request, path, headers);
  if (first.status() !== 307) return first;
  return raw(request, first.headers()["location"]!, headers);
}

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

test.describe("store pages", () => {
  test("an unknown store, a customer's username and an unknown view are real 404s with noindex", async ({
    request,
  }) => {
    for (const path of [
      "/stores/no_such_farm_here",
      "/stores/demo_customer",
      "/stores/Not-A-Username",
      `/stores/${FARM}/hidden`,
    ]) {
      const response = await raw(request, path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html, path).toMatch(NOINDEX);
      expect(html, path).toContain(NOT_FOUND_HEADING);
    }
    // An owner-only view of a missing store sends a visitor to the store first (proxy), which is missing.
    expectRedirect(
      await raw(request, "/stores/no_such_farm_here/deleted"),
      "/stores/no_such_farm_here",
    );
  });

  test("a farm's store is a 200 from the cache: the second visit reuses the first one's prerender", async ({
    request,
  }) => {
    // A farm nobody has opened yet, so the first visit is the one that prerenders it.
    const username = `status_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const register = await request.post("/api/merchants/register", {
      data: {
        username,
        firstName: "Priya",
        lastName: "Green",
        phone: "(519) 555-0188",
        country: "CA",
        email: `${username}@example.com`,
        password: "Fresh-Carrots-2026!",
        cPassword: "Fresh-Carrots-2026!",
        address: "12 Concession Road 4",
        city: "Guelph",
        provinceState: "ON",
        postalCode: "N1H 6J2",
      },
    });
    expect(register.status(), await register.text()).toBe(201);

    const first = await raw(request, `/stores/${username}`);
    expect(first.status()).toBe(200);
    const html = await first.text();
    expect(html).toContain(`${username}: fresh produce from Guelph`);
    expect(html).not.toMatch(NOINDEX);

    // The prerendered store (profile and first page) is served from the cache, without a query.
    const again = await prefetch(request, `/stores/${username}`);
    expect(again.status()).toBe(200);
    expect(again.headers()["x-nextjs-cache"]).toBe("HIT");
    expect(await again.text()).toContain(username);
  });

  test("a visitor and a customer are sent back from the owner-only views with a real redirect", async ({
    request,
    playwright,
    baseURL,
  }) => {
    for (const view of ["public", "deleted"]) {
      expectRedirect(await raw(request, `/stores/${FARM}/${view}`), `/stores/${FARM}`);
    }

    const customerRequest = await playwright.request.newContext({ baseURL });
    try {
      const customer = await registerCustomer(customerRequest, "status");
      await signIn(customerRequest, customer.email, customer.password);
      for (const view of ["public", "deleted"]) {
        expectRedirect(await raw(customerRequest, `/stores/${FARM}/${view}`), `/stores/${FARM}`);
      }
    } finally {
      await customerRequest.dispose();
    }
  });

  test("another farm is sent back too, by the page after its shell (a refresh, not a status)", async ({
    playwright,
    baseURL,
  }) => {
    const other = await playwright.request.newContext({ baseURL });
    try {
      await signIn(other, OTHER_FARM, DEMO_PASSWORD);
      for (const view of ["public", "deleted"]) {
        const response = await raw(other, `/stores/${FARM}/${view}`);
        // Proxy reads no session (only the readable member_type hint), so a farm reaches the page,
        // whose session check runs after the cached shell has started a 200 response.
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).toMatch(new RegExp(`http-equiv="refresh" content="\\d+;url=/stores/${FARM}"`));
        expect(html).not.toContain("This is your store as customers see it.");
        expect(html).not.toContain("Deleted items are hidden from customers.");
      }
    } finally {
      await other.dispose();
    }
  });

  test("the owner gets both views", async ({ page }) => {
    await signIn(page.request, FARM, DEMO_PASSWORD);

    const publicView = await raw(page.request, `/stores/${FARM}/public`);
    expect(publicView.status()).toBe(200);
    expect(await publicView.text()).toContain("This is your store as customers see it.");
    const deletedView = await raw(page.request, `/stores/${FARM}/deleted`);
    expect(deletedView.status()).toBe(200);
    expect(await deletedView.text()).toContain("Deleted items are hidden from customers.");

    const response = await page.goto(`/stores/${FARM}/public`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/stores/${FARM}/public$`));
    await expect(page.getByText("This is your store as customers see it.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Public view" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // Retried: a click that lands while the page is still hydrating is dropped by the router
    // (the URL stays; seen 2 in 6 runs on this build), as a person would click again.
    await expect(async () => {
      await page.getByRole("link", { name: "Deleted items" }).click();
      await expect(page).toHaveURL(new RegExp(`/stores/${FARM}/deleted$`), { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(
      page.getByText("Deleted items are hidden from customers. Activate one to sell it again."),
    ).toBeVisible();
  });
});

/** A new customer with a saved My Local place (so its dialog stays shut), signed in on the page. */
async function newCustomer(page: Page): Promise<string> {
  const customer = await registerCustomer(page.request, "status");
  const origin = await signIn(page.request, customer.email, customer.password);
  const location = await page.request.post("/api/location", {
    headers: { origin },
    data: {
      country: "CA",
      postalCode: "L3Y 4X1",
      city: "Newmarket",
      provinceState: "ON",
      radius: 0,
    },
  });
  expect(location.ok(), await location.text()).toBe(true);
  return origin;
}

test.describe("checkout confirmation", () => {
  test("the buyer gets it; a visitor is sent to login; another member gets the not-found page with noindex", async ({
    page,
    browser,
  }) => {
    const origin = await newCustomer(page);
    const store = await page.request.get(`/api/stores/${FARM}/products`);
    const { products } = (await store.json()) as {
      products: Array<{ id: number; title: string; inStock: boolean; currency: string }>;
    };
    const product = products.find((p) => p.inStock && p.currency === "CAD");
    expect(product, "the demo farm sells an in-stock product").toBeTruthy();
    await page.goto(`/products/${product!.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to your cart.")).toBeVisible();

    const placed = await page.request.post("/api/checkout/inPerson", {
      headers: { origin },
      data: {
        checkoutKey: randomUUID(),
        delivery: {
          deliveryDestination: "store",
          firstName: "Robin",
          lastName: "Ash",
          email: "robin.status@example.com",
          phone: "(416) 555-0177",
        },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { orderNo } = (await placed.json()) as { orderNo: string };
    const path = `/checkout/payment/in_person/completed/${orderNo}`;

    const own = await raw(page.request, path);
    expect(own.status()).toBe(200);
    const ownHtml = await own.text();
    expect(ownHtml).toContain("Thank you for your order!");
    expect(ownHtml).toContain(product!.title);

    // A visitor: proxy answers before the page renders.
    const visitor = await browser.newContext();
    try {
      const response = await raw(visitor.request, path);
      expectRedirect(response, `/login?redirectTo=${encodeURIComponent(path)}`);
    } finally {
      await visitor.close();
    }

    // Another member: whose order it is needs the session, which the page reads after its shell
    // has started a 200 response, so this is the not-found page marked noindex (see the page).
    const stranger = await browser.newContext();
    try {
      const other = await stranger.newPage();
      await newCustomer(other);
      const response = await raw(other.request, path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(NOINDEX);
      expect(html).toContain(NOT_FOUND_HEADING);
      expect(html).not.toContain("Thank you for your order!");
      expect(html).not.toContain(product!.title);
    } finally {
      await stranger.close();
    }
  });
});

test.describe("the subscription page", () => {
  test("sends a visitor to login, tells a customer it is for farmers, and knows no other plan", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const path = "/subscription/payment/canada/engager";
    expectRedirect(await raw(request, path), `/login?redirect=${encodeURIComponent(path)}`);

    const customerRequest = await playwright.request.newContext({ baseURL });
    try {
      const customer = await registerCustomer(customerRequest, "plans");
      await signIn(customerRequest, customer.email, customer.password);
      const html = await (await raw(customerRequest, path)).text();
      expect(html).toContain("The subscription is for farmers only.");
      expect(html).not.toContain("Subscribe to Engager");
    } finally {
      await customerRequest.dispose();
    }

    const farmRequest = await playwright.request.newContext({ baseURL });
    try {
      await signIn(farmRequest, `${OTHER_FARM}@example.com`, DEMO_PASSWORD);
      const unknown = await (await raw(farmRequest, "/subscription/payment/mexico/engager")).text();
      expect(unknown).toContain(NOT_FOUND_HEADING);
      expect(unknown).toMatch(NOINDEX);
      const basic = await (await raw(farmRequest, "/subscription/payment/canada/basic")).text();
      expect(basic).toContain(NOT_FOUND_HEADING);
    } finally {
      await farmRequest.dispose();
    }
  });
});
