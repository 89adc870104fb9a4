import { expect, test, type Browser, type Page } from "@playwright/test";
import { demoSession } from "./demo-sessions";
import { skipMyLocalDialog, TEST_PASSWORD } from "./fixtures";

// Live messages (issue 20 item 5): two people chat in two browser contexts and each sees the
// other's messages, and the header's message dot, without reloading. Each project uses a Harvest
// farm of its own and a customer registered for the run. The farmer starts signed in (its demo
// session, e2e/demo-sessions.ts) and the customer signs in through the API: the login form has its
// own journeys.

const FARMS = {
  "desktop-1280": { username: "maple_ridge_farm", name: "Ellen Hartley" },
  "mobile-375": { username: "caledon_hills_orchard", name: "Maria Santos" },
} as const;

function farmOf(projectName: string) {
  const farm = FARMS[projectName as keyof typeof FARMS];
  if (!farm) throw new Error(`no farm for project ${projectName}`);
  return farm;
}

async function newPage(browser: Browser, baseURL: string, projectUse: object) {
  const context = await browser.newContext(projectUse);
  await skipMyLocalDialog(context, baseURL);
  return context.newPage();
}

/** page.request shares the browser context's cookie jar, so the page is signed in afterwards. */
async function signIn(page: Page, login: string, password: string) {
  const answer = await page.request.post("/api/users/login", { data: { login, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** A customer of this run with a name no other contact has (letters only, as the form wants). */
async function registerCustomer(page: Page) {
  const letters = Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join("");
  const firstName = `Sky${letters}`;
  const username = `live_${letters}`;
  const answer = await page.request.post("/api/users/register", {
    data: {
      username,
      firstName,
      lastName: "Rowe",
      phone: "(416) 555-0177",
      country: "CA",
      email: `${username}@example.com`,
      password: TEST_PASSWORD,
      cPassword: TEST_PASSWORD,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return { username, name: `${firstName} Rowe` };
}

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

test("two people chat and see each other's messages and the message dot without reloading", async ({
  browser,
  baseURL,
}, testInfo) => {
  const farm = farmOf(testInfo.project.name);
  const isMobile = testInfo.project.name === "mobile-375";
  const use = testInfo.project.use;

  const customer = await newPage(browser, baseURL!, use);
  const me = await registerCustomer(customer);
  await signIn(customer, me.username, TEST_PASSWORD);
  const farmer = await newPage(browser, baseURL!, {
    ...use,
    storageState: demoSession(farm.username),
  });
  await farmer.goto("/messages");
  await expect(farmer.getByRole("heading", { name: "Contacts" })).toBeVisible();

  // The customer writes from the store page (a signed-in customer gets the Messenger modal, not
  // Ask The Farmer); the farmer's open list shows the new contact.
  const question = `Any sweet corn left? (${me.name})`;
  await customer.goto(`/stores/${farm.username}`);
  await expect(customer.getByRole("button", { name: "Ask The Farmer" })).toHaveCount(0);
  await customer.getByRole("button", { name: `Send Message to ${farm.username}` }).click();
  const messenger = customer.getByRole("dialog", { name: `Send Message to ${farm.username}` });
  await expect(messenger.getByLabel("To")).toBeDisabled();
  await messenger.getByLabel("Message", { exact: true }).fill(question);
  await messenger.getByRole("button", { name: "Send" }).click();
  await expect(messenger.getByRole("status")).toHaveText("Successfully Sent!");
  await messenger.getByRole("button", { name: "Close" }).first().click();

  const contact = farmer.getByRole("button", { name: `${me.name}, unread` });
  await expect(contact).toBeVisible();
  await contact.click();
  const farmerBubbles = farmer.getByRole("list", { name: `Messages with ${me.name}` });
  await expect(farmerBubbles.getByRole("listitem")).toHaveCount(1);

  // The farmer replies; the customer, still on the store page, sees the dot come on.
  await send(farmer, "Yes, two dozen picked this morning.");
  await expect(farmerBubbles.getByRole("listitem")).toHaveCount(2);
  if (isMobile) {
    // The button's name says it too, not only its red dot (issue 42).
    await customer.getByRole("button", { name: "Menu, 1 conversation with new messages" }).click();
    await expect(customer.getByRole("link", { name: /^Messages\s*New$/ })).toBeVisible();
    await customer.getByRole("link", { name: /^Messages\s*New$/ }).click();
  } else {
    const dot = customer
      .getByRole("link", { name: /^Messages, \d+ conversations? with new messages$/ })
      .first();
    await expect(dot).toBeVisible();
    await dot.click();
  }
  await expect(customer).toHaveURL(/\/messages$/);
  await customer.getByRole("button", { name: `${farm.name}, unread` }).click();
  const customerBubbles = customer.getByRole("list", { name: `Messages with ${farm.name}` });
  await expect(customerBubbles.getByRole("listitem")).toHaveCount(2);

  // Both open: each message shows on the other side at once, once.
  await send(customer, "Great, I will take a dozen.");
  await expect(farmerBubbles.getByRole("listitem")).toHaveCount(3);
  await expect(farmerBubbles.getByRole("listitem").last()).toContainText(
    "Great, I will take a dozen.",
  );
  await send(farmer, "Set aside for you at the stand.");
  await expect(customerBubbles.getByRole("listitem")).toHaveCount(4);
  await expect(customerBubbles.getByRole("listitem").last()).toContainText(
    "Set aside for you at the stand.",
  );
  await expect(customerBubbles.getByRole("listitem").last()).toContainText(farm.name);
  await expect(farmerBubbles.getByRole("listitem")).toHaveCount(4);

  await customer.context().close();
  await farmer.context().close();
});

test("a visitor gets the farmer's reply by email and registering from its link keeps the conversation", async ({
  browser,
  baseURL,
}, testInfo) => {
  const farm = farmOf(testInfo.project.name);
  const use = testInfo.project.use;
  const letters = Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join("");
  const visitor = { firstName: `Dale${letters}`, email: `dale_${letters}@example.com` };
  const visitorName = `${visitor.firstName} Fox`;

  const visitorPage = await newPage(browser, baseURL!, use);
  const asked = await visitorPage.request.post("/api/merchants/contact", {
    data: {
      contactFirstName: visitor.firstName,
      contactLastName: "Fox",
      contactEmail: visitor.email,
      contactContent: "Do you deliver on Fridays?",
      farmerId: farm.username,
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  const farmer = await newPage(browser, baseURL!, {
    ...use,
    storageState: demoSession(farm.username),
  });
  await farmer.goto("/messages");
  await farmer.getByRole("button", { name: `${visitorName}, unread` }).click();
  await send(farmer, "We do, before 6 pm.");
  await expect(
    farmer.getByRole("list", { name: `Messages with ${visitorName}` }).getByRole("listitem"),
  ).toHaveCount(2);
  await farmer.context().close();

  // The reply is in the demo mailbox, with the link to register.
  const subject = `${farm.name} replied to your question`;
  await visitorPage.goto("/dev/mailbox");
  const row = visitorPage
    .getByRole("row")
    .filter({ hasText: visitor.email })
    .filter({ hasText: subject });
  await row.getByRole("link", { name: subject }).first().click();
  await visitorPage.getByText("Plain-text version").click();
  const text = await visitorPage.locator("pre").innerText();
  expect(text).toContain("We do, before 6 pm.");
  const link = /https?:\/\/[^\s\]]+\/register\?[^\s\]]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();

  const url = new URL(link!);
  await visitorPage.goto(url.pathname + url.search);
  await expect(visitorPage.getByLabel("Email")).toHaveValue(visitor.email);
  // The name given when asking is not asked again, and the page says the conversation follows.
  await expect(visitorPage.getByLabel("First Name")).toHaveValue(visitor.firstName);
  await expect(visitorPage.getByLabel("Last Name")).toHaveValue("Fox");
  await expect(visitorPage.getByRole("note")).toContainText(
    `Your conversation with ${farm.name} comes along`,
  );
  const username = `dale_${letters}`;
  await visitorPage.getByLabel("Username").fill(username);
  await visitorPage.getByLabel("Phone").fill("4165550123");
  await visitorPage.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await visitorPage.getByLabel("Confirm Password").fill(TEST_PASSWORD);
  await visitorPage
    .getByRole("form", { name: "Registration" })
    .getByRole("button", { name: "Register" })
    .click();
  await expect(visitorPage).toHaveURL("/login?register_success=true");

  await signIn(visitorPage, username, TEST_PASSWORD);
  await visitorPage.goto("/messages");
  await visitorPage.getByRole("button", { name: new RegExp(`^${farm.name}`) }).click();
  const bubbles = visitorPage.getByRole("list", { name: `Messages with ${farm.name}` });
  await expect(bubbles.getByRole("listitem")).toHaveCount(2);
  await expect(bubbles.getByRole("listitem").first()).toContainText("Do you deliver on Fridays?");
  await expect(bubbles.getByRole("listitem").last()).toContainText("We do, before 6 pm.");
  await visitorPage.context().close();
});
