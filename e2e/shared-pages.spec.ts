import { expect, test, type APIRequestContext } from "@playwright/test";
import { addByApi, registerFarm } from "./farm-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

/**
 * The pages a crowd reads come from one shared copy (decision 0028): a farm and a visitor get the
 * very same HTML, which carries nothing of the farm's, and a change reaches the copy at once.
 */
const CATALOG = ["/", "/products/filtered?keyword=tomato&sortType=all", "/merchants/list"];
const STORE = "/stores/maple_ridge_farm";
const NO_PRODUCTS = "No products found.";

async function html(request: APIRequestContext, path: string): Promise<string> {
  const answer = await request.get(path);
  expect(answer.status(), path).toBe(200);
  return answer.text();
}

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

test("a signed-in farm and a visitor get the same page, with nothing private of the farm's in it", async ({
  page,
  playwright,
  baseURL,
}) => {
  const farm = await registerFarm(page, "shared");
  const visitor = await playwright.request.newContext({ baseURL });
  for (const path of CATALOG) {
    // Other specs add products and farms meanwhile, so the copy may be renewed between the two
    // requests: asked again, both get the same one (a page rendered per viewer never would).
    await expect
      .poll(async () => {
        const signedIn = await html(page.request, path);
        const signedOut = await html(visitor, path);
        // A farm's username is public (its card); its email is not.
        expect(signedIn, path).not.toContain(`${farm.username}@example.com`);
        expect(signedOut, path).not.toContain(`${farm.username}@example.com`);
        return signedOut === signedIn;
      }, `${path}: one copy for both`)
      .toBe(true);
  }
  await visitor.dispose();

  // In the browser the header still knows who is signed in (the viewer call, not the page).
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a customer's own dashboard never reaches a visitor", async ({
  page,
  playwright,
  baseURL,
}) => {
  const customer = await registerCustomer(page.request, "sharedc");
  const login = await page.request.post("/api/users/login", {
    data: { login: customer.username, password: customer.password },
  });
  expect(login.ok()).toBe(true);
  const own = await html(page.request, "/");
  const visitor = await playwright.request.newContext({ baseURL });
  const shared = await html(visitor, "/");
  expect(own).not.toContain(customer.username);
  expect(shared).not.toContain(customer.username);
  // A store has no My Local: the customer gets the visitor's copy. Other journeys review and edit
  // this farm's products meanwhile, so the copy may be renewed between two requests: the
  // customer's page is the visitor's copy from just before or just after it.
  const before = await html(visitor, STORE);
  const customers = await html(page.request, STORE);
  const after = await html(visitor, STORE);
  expect([before, after]).toContain(customers);
  await visitor.dispose();
});

test("a new product reaches the shared store and search copies at once", async ({
  page,
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const farm = await registerFarm(page, "sharedp");
  // A word like no other product's (a search matches any of its words, and near spellings).
  const word = Array.from(
    { length: 14 },
    () => "bcdfghjkmnpqrstvwxz"[Math.floor(Math.random() * 19)],
  ).join("");
  const name = `Shared ${word}`;
  const store = `/stores/${farm.username}`;
  const search = `/products/filtered?keyword=${word}&sortType=all`;
  // Both copies are cached before the change (the search echoes its keyword: look for the answer).
  expect(await html(visitor, store)).not.toContain(name);
  expect(await html(visitor, search)).toContain(NO_PRODUCTS);

  await addByApi(page.request, farm, name);
  expect(await html(visitor, store)).toContain(name);
  // Says which copy it got when it fails (a rare failure here once lost its cause).
  const after = await visitor.get(search);
  expect(await after.text(), `x-nextjs-cache: ${after.headers()["x-nextjs-cache"]}`).not.toContain(
    NO_PRODUCTS,
  );
  await visitor.dispose();
});
