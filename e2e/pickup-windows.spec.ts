import { expect, test } from "@playwright/test";
import { addByApi, FARM_PASSWORD, registerFarm, signIn } from "./farm-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Pickup windows (issue 41 items 3–5, decision 0045). Each run makes its own farm, window and
// customer, so both projects (desktop-1280, mobile-375) run side by side. The farm sets up through
// the API; the customer picks the window in the checkout; the farm's Pickups view lists the order
// with what to pack.

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

test("a farm's window is picked at checkout, shown on the confirmation and in the farm's Pickups", async ({
  page,
  request,
  baseURL,
}) => {
  const farm = await registerFarm(page, "pickup");
  const headers = { authorization: `Bearer ${farm.token}` };
  const setup = (await (await request.get("/api/pickup/setup", { headers })).json()) as {
    places: { id: number; name: string }[];
  };
  const placeId = setup.places[0]!.id;
  // Three days ahead (Toronto and UTC agree on the weekday well enough three days out).
  const weekday = new Date(Date.now() + 3 * 86_400_000).getUTCDay();
  const window = {
    placeId,
    weekday,
    startsAt: "09:00",
    endsAt: "12:00",
    cutoffDaysBefore: 1,
    cutoffAt: "18:00",
    capacity: 10,
  };
  const bad = await request.post("/api/pickup/windows", {
    headers,
    data: { ...window, endsAt: "08:00" },
  });
  expect(bad.status()).toBe(422);
  expect(await bad.text()).toContain("The window must end after it starts.");
  const added = await request.post("/api/pickup/windows", { headers, data: window });
  expect(added.status(), await added.text()).toBe(201);
  const name = `Pickup Kale ${Date.now().toString(36)}`;
  const productId = await addByApi(page.request, farm, name);

  // The customer adds it and checks out, picking the farm's window.
  await page.context().clearCookies();
  await skipMyLocalDialog(page.context(), baseURL!);
  const customer = await registerCustomer(request, "pickupbuyer");
  await signIn(page.request, customer.email, customer.password);
  await page.goto(`/products/${productId}`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Add to Cart" }).click();
  await expect(main.getByText("Added to your cart.")).toBeVisible();

  await page.goto("/checkout/delivery/in_person/store");
  const form = page.getByRole("form", { name: "Order Delivery Information" });
  const times = form.getByRole("group", { name: `Pickup time at ${farm.username}` });
  const choices = times.getByRole("radio");
  await expect(choices).toHaveCount(4);
  await expect(choices.first()).toBeChecked();
  await choices.nth(1).check();
  await form.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/checkout\/in_person\/preview$/);
  const preview = page.getByRole("list", { name: "Pickup times" });
  await expect(preview.getByText(`Pickup at ${farm.username}`)).toBeVisible();
  await expect(preview.getByText(/9:00 a\.m\. – 12:00 p\.m\./)).toBeVisible();
  await expect(preview.getByText(/At the farm · 12 Concession Road 4, Guelph/)).toBeVisible();

  await page.getByRole("button", { name: "Pay in Person" }).click();
  await expect(page).toHaveURL(/\/checkout\/payment\/in_person\/completed\/[A-Z0-9]{12}$/);
  const orderNo = page.url().split("/").pop()!;
  const confirmation = page.getByRole("list", { name: "Pickup times" });
  await expect(confirmation.getByText(`Pickup at ${farm.username}`)).toBeVisible();
  await expect(confirmation.getByText(/9:00 a\.m\. – 12:00 p\.m\./)).toBeVisible();

  // My Purchases names the window on the order's line: a table at 1280 px, cards at 375 px
  // (only the one shown at this width is found).
  await page.goto("/myOrders/manage");
  const purchases = page
    .getByRole("table", { name: /^Your purchases/ })
    .or(page.getByRole("list", { name: /^Your purchases/ }));
  await expect(purchases).toContainText(orderNo);
  await expect(purchases).toContainText(
    /Pickup:?\s*\w{3}, \w{3} \d{1,2}, 9:00 a\.m\. – 12:00 p\.m\./,
  );
  await expect(purchases).toContainText("At the farm · 12 Concession Road 4, Guelph");

  // The farm's Pickups view lists the order and what to pack.
  await page.context().clearCookies();
  await skipMyLocalDialog(page.context(), baseURL!);
  await signIn(page.request, farm.username, FARM_PASSWORD);
  await page.goto("/pickups");
  await expect(page.getByRole("heading", { level: 1, name: "Pickups" })).toBeVisible();
  await expect(page.getByRole("list", { name: "What to pack" })).toContainText(`1 × ${name}`);
  await expect(page.getByRole("list", { name: "Orders" })).toContainText(`#${orderNo}`);
  await expect(page.getByRole("button", { name: "Print pickups" })).toBeVisible();
});
