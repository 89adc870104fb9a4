import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-helpers";
import { addByApi, FARM_PASSWORD, signIn } from "./farm-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Both projects run at once on one database: every reseller, farm and product is made unique.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** "dd/mm/yyyy, hh:mm:ss" in Toronto time, as the filter reads it. */
const torontoTime = (date: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Toronto",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(date);

/**
 * The same moment as a date picker holds it: "yyyy-mm-ddThh:mm:ss", Toronto time, without zero
 * seconds (a browser writes a picker's value the shortest way, and Playwright's fill checks it).
 */
const pickerTime = (date: Date) =>
  torontoTime(date)
    .replace(
      /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}:\d{2}:\d{2})$/,
      (_, dd: string, mm: string, yyyy: string, time: string) => `${yyyy}-${mm}-${dd}T${time}`,
    )
    .replace(/:00$/, "");

/** The page's transactions: the table's rows from 768 px, one card each below. */
const transactions = (page: Page) =>
  page
    .getByRole("row")
    .or(page.getByRole("list", { name: /^Reseller transactions/ }).getByRole("listitem"));

/** Nothing of `locator` is off either side of the window: a person sees all of it. */
async function expectWhollyInView(locator: Locator) {
  const { left, right, width } = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { left: box.left, right: box.right, width: document.documentElement.clientWidth };
  });
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(width);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

async function expectSeriousA11yFree(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(blocking, `accessibility on ${label}`).toEqual([]);
}

/** A farm registered through the reseller's link (the `ak`), signed in for API calls. */
async function registerFarmThroughLink(request: APIRequestContext, ak: string) {
  const username = `resold_${unique()}`;
  const registered = await request.post("/api/merchants/register", {
    data: {
      username,
      firstName: "Priya",
      lastName: "Green",
      phone: "(519) 555-0188",
      country: "CA",
      email: `${username}@example.com`,
      password: FARM_PASSWORD,
      cPassword: FARM_PASSWORD,
      address: "12 Concession Road 4",
      city: "Guelph",
      provinceState: "ON",
      postalCode: "N1H 6J2",
      ak,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { username, token: await signIn(request, username, FARM_PASSWORD) };
}

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

test("an admin adds and edits a reseller, a farm joins through the link, and its transaction is marked paid", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
  await signInAsAdmin(page);
  const id = unique();
  const email = `reseller_${id}@example.com`;
  const name = `Avery Lane${id.replace(/\d/g, "")}`;
  const [firstName, lastName] = name.split(" ") as [string, string];

  await page.goto("/resellerManager");
  await expect(page.getByRole("heading", { level: 1, name: "Reseller Manager" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add a reseller" });
  await form.getByLabel("First Name").fill(firstName);
  await form.getByLabel("Last Name").fill(lastName);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone (optional)").fill("555-1234");
  await form.getByLabel("Rate").fill("4.5");
  const add = form.getByRole("button", { name: "Add reseller" });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(form.getByText("Invalid Phone Number")).toBeVisible();
  await expect(form.getByLabel("Phone (optional)")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Phone (optional)").fill("(416) 555-0199");
  await add.click();
  await expect(form.getByRole("status")).toHaveText("Successfully added");
  await expect(form.getByLabel("Email")).toHaveValue("");

  // The same email again is a field error, not a second reseller.
  await form.getByLabel("First Name").fill(firstName);
  await form.getByLabel("Last Name").fill(lastName);
  await form.getByLabel("Email").fill(email.toUpperCase());
  await form.getByLabel("Rate").fill("4.5");
  await add.click();
  await expect(form.getByRole("alert")).toHaveText(
    "Oops, Something went wrong. Please check the form again.",
  );
  await expect(form.getByText("This email is already used by another reseller.")).toBeVisible();

  const card = page.getByRole("listitem").filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("4.50");

  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
  await dialog.getByLabel("Rate").fill("6.25");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Successfully updated");
  await expectSeriousA11yFree(page, "the edit dialog");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText("6.25");

  const link = await card.getByLabel("Registration link", { exact: true }).inputValue();
  expect(link).toMatch(/\/merchants\/register\?ak=[0-9a-f]{32}$/);
  await card.getByRole("button", { name: `Copy the registration link of ${name}` }).click();
  await expect(card.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoSidewaysScroll(page);
  await expectSeriousA11yFree(page, "/resellerManager");

  // A farm registers through the link and lists a product: a transaction at the new rate.
  const started = new Date(Date.now() - 60_000);
  const farm = await registerFarmThroughLink(request, new URL(link).searchParams.get("ak")!);
  const product = `Resold Garlic ${id}`;
  await addByApi(request, farm, product);

  await page.goto("/resellerTransactions");
  const filter = page.getByRole("search", { name: "Filter reseller transactions" });
  const submit = filter.getByRole("button", { name: "Filter" });
  const from = filter.getByLabel("Date from");
  const to = filter.getByLabel("Date to");
  await expect(submit).toBeEnabled();
  // The dates are pickers, typed into from the keyboard; one with a day but no time is incomplete
  // (the browser gives it no value), never read as no bound.
  await filter.getByLabel("Reseller email").fill("not-an-email");
  await from.pressSequentially("01012026");
  await submit.click();
  await expect(filter.getByText("Invalid Email")).toBeVisible();
  await expect(filter.getByText("Enter a complete date and time")).toBeVisible();
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(filter.getByText("Invalid date range")).toHaveCount(0);

  // A range that runs backwards is the spec's 'Invalid date range', on its end.
  await filter.getByLabel("Reseller email").fill(email);
  await from.fill("2026-03-02T00:00");
  await to.fill("2026-03-01T23:59:59");
  await submit.click();
  await expect(filter.getByText("Invalid date range")).toBeVisible();
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await expect(filter.getByText("Enter a complete date and time")).toHaveCount(0);

  // A bound in the address that is not a date says what is wrong with it, not 'Invalid date range'.
  await page.goto("/resellerTransactions?dateFrom=2026-01-01");
  await expect(filter.getByText("Invalid date: use dd/mm/yyyy, hh:mm:ss")).toBeVisible();
  await expect(filter.getByText("Invalid date range")).toHaveCount(0);
  await expect(from).toHaveValue("");

  await expect(submit).toBeEnabled();
  await filter.getByLabel("Reseller email").fill(email);
  await from.fill(pickerTime(started));
  await to.fill(pickerTime(new Date(Date.now() + 3_600_000)));
  await submit.click();
  await expect(page).toHaveURL(/resellerKeyword=/);
  // The address carries the call's format, and the pickers show it back.
  expect(new URL(page.url()).searchParams.get("dateFrom")).toBe(torontoTime(started));
  await expect(from).toHaveValue(pickerTime(started));
  await expect(page.getByText("1 transaction matching the filter")).toBeVisible();

  const row = transactions(page).filter({ hasText: product });
  await expect(row).toContainText(farm.username);
  await expect(row).toContainText(name);
  await expect(row).toContainText("6.25");
  await expect(row).toContainText("Pending");
  // Each transaction is seen whole, its Pay Status too, at 1280 px and on a phone.
  await expectWhollyInView(row);
  await expectWhollyInView(row.getByText("Pending"));
  const checkbox = row.getByRole("checkbox");
  await expect(checkbox).toBeEnabled();
  await checkbox.check();
  await page.getByRole("button", { name: "Mark as paid" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Successfully marked as paid" }),
  ).toHaveText("Successfully marked as paid");
  await expect(row).toContainText("Paid");
  await expect(row.getByRole("checkbox")).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectSeriousA11yFree(page, "/resellerTransactions");

  // The filter is in the address: a reload keeps it, and the status stays paid.
  await page.reload();
  await expect(transactions(page).filter({ hasText: product })).toContainText("Paid");
});

test("a customer opening the reseller pages lands on the dashboard", async ({ page }) => {
  const customer = await registerCustomer(page.request, "resale_shopper");
  await signIn(page.request, customer.username, customer.password);
  for (const path of ["/resellerManager", "/resellerTransactions"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});
