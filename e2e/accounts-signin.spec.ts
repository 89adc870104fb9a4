import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// The My Local dialog opens by itself for visitors and new customers; it has its own spec.
test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

// Sign-up, sign-in and sign-out (spec part 1 sections 2-6 and 8). Runs in both projects, so every
// test makes its own member names.

const DEMO_RESELLER_AK = "5f2b8c1e9a7d4e3f8b6a0c2d4e6f8a1b";
const PASSWORD = "Fresh-Carrots-2026!";
const DAY_SECONDS = 24 * 60 * 60;

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

/** The page's own alert (Next's route announcer, outside main, is an alert too). */
const alertWithText = (page: Page) => page.getByRole("main").getByRole("alert");

function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Scoped to the visible form: Next keeps the previous page's form in the tree, hidden. */
async function signIn(page: Page, login: string, password: string) {
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email or Username").fill(login);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

test("a customer registers after fixing the form, signs in, opens a protected page and signs out", async ({
  page,
  context,
}) => {
  const username = uniqueName("cust");
  const email = `${username}@example.com`;

  // A visitor who opens a protected page is sent to login, and comes back there after signing in.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);

  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectSeriousA11yFree(page, "/register");

  const form = page.getByRole("form", { name: "Registration" });
  await form.getByRole("button", { name: "Register" }).click();
  // Username, first and last name, phone, email, password and its confirmation.
  await expect(form.getByText("Required Field", { exact: true })).toHaveCount(7);

  await page.getByLabel("Username").fill("Bad Name");
  await page.getByLabel("First Name").fill("J0hn");
  await page.getByLabel("Last Name").fill("Sm1th");
  await page.getByLabel("Phone").fill("416555");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password").fill("something else");
  await form.getByRole("button", { name: "Register" }).click();
  for (const message of [
    "Use small letters, numbers, or underscore without space.",
    "Invalid First Name",
    "Invalid Last Name",
    "Invalid Phone Number",
    "Invalid Email",
    "Enter minimum 12 characters with small letter, big letter, numbers, and symbols (!@#$%^*)",
    "Passwords are not matching.",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expectSeriousA11yFree(page, "/register with errors");

  // The invitation's email is prefilled (recipientEmail); the form starts over on this visit.
  await page.goto(`/register?recipientEmail=${encodeURIComponent(email)}`);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("First Name").fill("Jean");
  await page.getByLabel("Last Name").fill("O'Neil");
  await page.getByLabel("Phone").fill("4165550123");
  await expect(page.getByLabel("Phone")).toHaveValue("(416) 555-0123");
  await page.getByLabel("Country").selectOption({ label: "Canada" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL("/login?register_success=true");
  await expect(
    page.getByRole("status").filter({ hasText: "Thanks for signing up! Now you can log in." }),
  ).toBeVisible();
  // The new email is filled in: nobody retypes what they gave a moment ago (issue 24).
  await expect(page.getByLabel("Email or Username")).toHaveValue(email);
  await expectSeriousA11yFree(page, "/login");

  await signIn(page, username, "Wrong-password-1!");
  await expect(alertWithText(page)).toHaveText("Invalid Login Credentials. Please try again.");
  await expect(page).toHaveURL(/\/login/);

  // From the redirect a protected page sent the visitor to.
  await page.goto("/login?redirectTo=%2Fsettings");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/settings");

  const cookies = new Map((await context.cookies()).map((c) => [c.name, c]));
  const now = Date.now() / 1000;
  const token = cookies.get("_token");
  expect(token?.httpOnly).toBe(true);
  expect(cookies.get("authenticated")).toMatchObject({ value: "true", httpOnly: false });
  expect(cookies.get("member_type")).toMatchObject({ value: "customer", httpOnly: false });
  for (const name of ["_token", "authenticated", "member_type"]) {
    const cookie = cookies.get(name)!;
    expect(cookie, name).toMatchObject({ path: "/", sameSite: "Lax", secure: false });
    expect(
      Math.abs(cookie.expires - (now + DAY_SECONDS)),
      `${name} lasts about a day`,
    ).toBeLessThan(120);
  }

  // The footer offers Logout to members (and the header no Login).
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  await footer.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  const after = (await context.cookies()).map((c) => c.name);
  expect(after).not.toContain("_token");
  expect(after).not.toContain("authenticated");
  expect(after).not.toContain("member_type");

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
});

test("a signed-out token cannot be replayed", async ({ page, context, request }) => {
  const username = uniqueName("replay");
  const register = await request.post("/api/users/register", {
    data: {
      username,
      firstName: "Ana",
      lastName: "Roy",
      phone: "(416) 555-0144",
      country: "CA",
      email: `${username}@example.com`,
      password: PASSWORD,
      cPassword: PASSWORD,
    },
  });
  expect(register.status()).toBe(201);

  await page.goto("/login");
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL("/");
  const token = (await context.cookies()).find((c) => c.name === "_token")!.value;
  await page.getByRole("contentinfo").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");

  const replay = await request.post("/api/users/logout", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(replay.status()).toBe(200);
  const profile = await request.get("/api/profile", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(401);
});

test("a farmer registers through a reseller's link and signs in", async ({ page }) => {
  await page.goto("/merchants/register?ak=not-a-key");
  await expect(alertWithText(page)).toHaveText("Something went wrong. Please check your url.");
  await expect(page.getByRole("button", { name: "Register" })).toHaveCount(0);

  await page.goto("/merchants/register?ak=0123456789abcdef0123456789abcdef");
  await expect(alertWithText(page)).toHaveText("Something went wrong. Please check your url.");

  const username = uniqueName("farm");
  await page.goto(`/merchants/register?ak=${DEMO_RESELLER_AK}`);
  await expect(page.getByRole("heading", { level: 1, name: "Register your farm" })).toBeVisible();
  // The farm sees who referred it (issue 42).
  await expect(page.getByText("You were invited by Priya Raman")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectSeriousA11yFree(page, "/merchants/register");

  const form = page.getByRole("form", { name: "Farmer registration" });
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("First Name").fill("Priya");
  await page.getByLabel("Last Name").fill("Green");
  await page.getByLabel("Phone").fill("5195550188");
  await page.getByLabel("Country").selectOption({ label: "Canada" });
  await page.getByLabel("Farm Address").fill("12 Concession Road 4");
  await page.getByLabel("City").fill("Guelph");
  await page.getByLabel("Province").selectOption({ label: "Ontario" });
  await page.getByLabel("Postal Code").fill("n1h6j2");
  await expect(page.getByLabel("Postal Code")).toHaveValue("N1H 6J2");
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL("/login?register_success=true");
  await signIn(page, username, PASSWORD);
  // A merchant lands on their own store (spec part 1 section 4, "After login").
  await expect(page).toHaveURL(`/stores/${username}`);
  await expect(page.getByRole("heading", { level: 1, name: username })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Logout" })).toBeVisible();
});

test("an off-site redirect after login is ignored", async ({ page }) => {
  const customer = await registerCustomer(page.request, "redirect");
  await page.goto("/login?redirect=%2F%2Fevil.example%2Fphish");
  await signIn(page, customer.username, customer.password);
  await expect(page).toHaveURL("/");
});

// Issue 22 item 3, decision 0023. Desktop only: the stranger's 10 failures count against
// 127.0.0.1's budget (20 failures in 15 minutes), which every spec of the run shares.
test("a stranger's wrong guesses lock out unknown browsers, not the owner's own", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-1280", "spends the address's budget once a run");
  const customer = await registerCustomer(request, "owner");
  await page.goto("/login");
  await signIn(page, customer.username, customer.password);
  await expect(page).toHaveURL("/");
  const device = (await context.cookies()).find((c) => c.name === "_device");
  expect(device?.httpOnly).toBe(true);
  expect(device!.expires - Date.now() / 1000).toBeGreaterThan(360 * DAY_SECONDS);
  await page.getByRole("contentinfo").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");

  // The stranger (the request fixture shares no cookies with the page) is stopped at guess 11.
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const guess = await request.post("/api/users/login", {
      data: { login: customer.email, password: `Guess-number-${i}!` },
    });
    statuses.push(guess.status());
  }
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
  const withRightPassword = await request.post("/api/users/login", {
    data: { login: customer.email, password: customer.password },
  });
  expect(withRightPassword.status()).toBe(429);

  // The owner's browser kept its device cookie through the logout and still gets in.
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Logout" })).toBeVisible();
});

// Issue 22 item 7, decision 0023: the sign-up answer never tells whether an email has an account.
test("signing up with a registered email answers as for a new one and tells the owner by mail", async ({
  page,
  request,
}) => {
  const owner = await registerCustomer(request, "known");
  const body = (username: string, email: string) => ({
    data: {
      username,
      firstName: "Sam",
      lastName: "Lee",
      phone: "(416) 555-0190",
      country: "CA",
      email,
      password: PASSWORD,
      cPassword: PASSWORD,
    },
  });
  const takenName = uniqueName("taken");
  const taken = await request.post(
    "/api/users/register",
    body(takenName, owner.email.toUpperCase()),
  );
  const freeName = uniqueName("free");
  const free = await request.post("/api/users/register", body(freeName, `${freeName}@example.com`));
  expect(taken.status()).toBe(201);
  expect(await taken.text()).toBe(await free.text());
  // Nothing was created: the username of the silent attempt is still free.
  const again = await request.post(
    "/api/users/register",
    body(takenName, `${takenName}@example.com`),
  );
  expect(again.status()).toBe(201);

  // The owner hears of it (the mail goes out after the answer).
  await expect(async () => {
    await page.goto("/dev/mailbox");
    const mail = page
      .getByRole("row")
      .filter({ hasText: owner.email })
      .filter({ hasText: "Someone tried to sign up with your email" });
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});
