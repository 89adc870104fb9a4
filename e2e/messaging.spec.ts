import { expect, test, type Browser, type Page } from "@playwright/test";
import { demoSession } from "./demo-sessions";
import { skipMyLocalDialog } from "./fixtures";

// Messaging (spec part 1 sections 2, 4, 6, 8; issue 20). The two projects run at once, so each
// uses farms of its own and visitors with their own names and emails. The farmers start signed in
// (their demo sessions, e2e/demo-sessions.ts): the login form has its own journeys.

const FARMS = {
  "desktop-1280": { harvest: "king_city_organics", basic: "guelph_valley_gardens" },
  "mobile-375": { harvest: "niagara_fruit_stand", basic: "scarborough_urban_garden" },
} as const;

function farmsOf(projectName: string) {
  const farms = FARMS[projectName as keyof typeof FARMS];
  if (!farms) throw new Error(`no farms for project ${projectName}`);
  return farms;
}

/** A name of letters only (the form's rule), different on every run and project. */
function uniqueVisitor() {
  const letters = Array.from({ length: 6 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join("");
  const firstName = `Robin${letters}`;
  return {
    firstName,
    lastName: "Ash",
    name: `${firstName} Ash`,
    email: `${firstName}@example.com`,
  };
}

async function newPage(browser: Browser, baseURL: string, projectUse: object) {
  const context = await browser.newContext(projectUse);
  await skipMyLocalDialog(context, baseURL);
  return context.newPage();
}

/** Opens a contact in /messages; under 768 px the list then gives way to the conversation. */
async function openContact(page: Page, name: string) {
  await page.goto("/messages");
  await page.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  return page.getByRole("list", { name: `Messages with ${name}` });
}

test("a visitor asks a Harvest farmer from the store page; the farmer reads it and replies", async ({
  browser,
  baseURL,
}, testInfo) => {
  const { harvest } = farmsOf(testInfo.project.name);
  const use = testInfo.project.use;
  const visitor = uniqueVisitor();
  const question = `Are the tomatoes ripe this week? (${visitor.firstName})`;

  const visitorPage = await newPage(browser, baseURL!, use);
  await visitorPage.goto(`/stores/${harvest}`);
  await visitorPage.getByRole("button", { name: "Ask The Farmer" }).click();
  const dialog = visitorPage.getByRole("dialog", { name: "Ask The Farmer" });
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("Oopsy. Please check the form again.")).toBeVisible();
  await expect(dialog.getByText("First Name is required")).toBeVisible();
  await dialog.getByLabel("First Name").fill(visitor.firstName);
  await dialog.getByLabel("Last Name").fill(visitor.lastName);
  await dialog.getByLabel("Email").fill(visitor.email);
  await dialog.getByLabel("Message", { exact: true }).fill(question);
  await expect(dialog.getByText("Character limit: 1500")).toBeVisible();
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Successfully Sent!");
  await visitorPage.context().close();

  const farmer = await newPage(browser, baseURL!, { ...use, storageState: demoSession(harvest) });
  if (testInfo.project.name === "desktop-1280") {
    // A farmer's own store (where signing in lands) says there is something new in the header.
    await farmer.goto(`/stores/${harvest}`);
    await expect(
      farmer
        .getByRole("link", { name: /^Messages, \d+ conversations? with new messages$/ })
        .first(),
    ).toBeVisible();
  }
  await farmer.goto("/messages");
  const contact = farmer.getByRole("button", { name: `${visitor.name}, unread` });
  await expect(contact).toBeVisible();
  const markedRead = farmer.waitForResponse(
    (r) => r.url().endsWith("/read") && r.request().method() === "POST",
  );
  const bubbles = await openContact(farmer, visitor.name);
  expect((await markedRead).status()).toBe(200);
  await expect(bubbles.getByRole("listitem")).toHaveCount(1);
  await expect(bubbles.getByRole("listitem").first()).toContainText(question);
  await expect(bubbles.getByRole("listitem").first()).toContainText(visitor.name);
  await expect(bubbles.getByRole("listitem").first()).toContainText("Posted on");

  // What cannot be sent is named and removed in one press; curly quotes straighten in the field
  // (issue 42, item 3); a paste over the limit is said and kept whole.
  const box = farmer.getByLabel("Message", { exact: true });
  await box.fill("It’s ½ price today 🍅");
  await expect(box).toHaveValue("It's ½ price today 🍅");
  await expect(farmer.getByText("These characters cannot be sent:")).toBeVisible();
  await farmer.getByRole("button", { name: "Remove them" }).click();
  await expect(box).toHaveValue("It's  price today ");
  await expect(box).toBeFocused();
  await box.fill("a".repeat(1600));
  await expect(
    farmer.getByText("It exceeded the character limit for the message: 1,600 of 1,500 characters."),
  ).toBeVisible();
  await expect(box).toHaveValue("a".repeat(1600));

  const reply = "Yes! Come by Saturday from 9 to 12.";
  await farmer.getByLabel("Message", { exact: true }).fill(reply);
  await farmer.getByRole("button", { name: "Send" }).click();
  await expect(bubbles.getByRole("listitem")).toHaveCount(2);
  await expect(bubbles.getByRole("listitem").last()).toContainText(reply);

  // The chat follows the conversation (issue 42): with more messages than the panel shows, the one
  // just sent is in view, and the conversation opens again at its newest message.
  for (let i = 1; i <= 10; i++) {
    await farmer.getByLabel("Message", { exact: true }).fill(`Also picking plums, crate ${i}.`);
    await farmer.getByRole("button", { name: "Send" }).click();
    await expect(bubbles.getByRole("listitem")).toHaveCount(2 + i);
  }
  // How far the message list's scroll box is from its end (its own scroll, whatever the page's).
  const distanceFromEnd = (list: typeof bubbles) => () =>
    list.evaluate((element) => {
      const box = element.parentElement!;
      return box.scrollHeight - box.scrollTop - box.clientHeight;
    });
  const scrolled = (list: typeof bubbles) => () =>
    list.evaluate((element) => element.parentElement!.scrollTop);
  await expect.poll(distanceFromEnd(bubbles)).toBeLessThan(48);
  await expect.poll(scrolled(bubbles)).toBeGreaterThan(0);
  const again = await openContact(farmer, visitor.name);
  await expect(again.getByRole("listitem")).toHaveCount(12);
  await expect.poll(distanceFromEnd(again)).toBeLessThan(48);

  if (testInfo.project.name === "mobile-375") {
    await expect(farmer.getByRole("heading", { name: "Contacts" })).toBeHidden();
    await farmer.getByRole("button", { name: "Back to List" }).click();
    await expect(farmer.getByRole("heading", { name: "Contacts" })).toBeVisible();
  }
  // Opened, so no longer unread after a reload either.
  await farmer.reload();
  await expect(farmer.getByRole("button", { name: visitor.name, exact: true })).toBeVisible();
  await farmer.context().close();
});

test("a Basic farm's plan gate is said before anyone writes; its farmer meets it on opening and on Send, then deletes the conversation", async ({
  browser,
  baseURL,
}, testInfo) => {
  const { basic } = farmsOf(testInfo.project.name);
  const use = testInfo.project.use;
  const visitor = uniqueVisitor();

  // The visitor is told before writing that this farm answers once its plan allows; the message
  // still goes and is kept.
  const visitorPage = await newPage(browser, baseURL!, use);
  await visitorPage.goto(`/stores/${basic}`);
  await visitorPage.getByRole("button", { name: "Ask The Farmer" }).click();
  const dialog = visitorPage.getByRole("dialog", { name: "Ask The Farmer" });
  await expect(dialog.getByRole("note")).toContainText(
    "replies by message only once its plan includes messaging",
  );
  await dialog.getByLabel("First Name").fill(visitor.firstName);
  await dialog.getByLabel("Last Name").fill(visitor.lastName);
  await dialog.getByLabel("Email").fill(visitor.email);
  await dialog.getByLabel("Message", { exact: true }).fill("Do you sell eggs?");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Successfully Sent!");
  await visitorPage.context().close();

  const farmer = await newPage(browser, baseURL!, { ...use, storageState: demoSession(basic) });
  const bubbles = await openContact(farmer, visitor.name);
  await expect(bubbles.getByRole("listitem")).toHaveCount(1);
  // The gate is said as the conversation opens, before the farmer types a reply.
  const gate = farmer.getByRole("note");
  await expect(gate).toContainText("Your plan does not include messaging");
  await expect(gate.getByRole("link", { name: "View Plans" })).toHaveAttribute(
    "href",
    "/pricing#plans",
  );
  await farmer.getByLabel("Message", { exact: true }).fill("We do, a dozen for 6 dollars.");
  await farmer.getByRole("button", { name: "Send" }).click();
  const heyThere = farmer.getByRole("dialog", { name: "Hey There!" });
  await expect(heyThere).toBeVisible();
  await expect(heyThere.getByRole("link", { name: "View Plans" })).toHaveAttribute(
    "href",
    "/pricing#plans",
  );
  await heyThere.getByRole("button", { name: "Close" }).click();
  await expect(bubbles.getByRole("listitem")).toHaveCount(1);

  if (testInfo.project.name === "mobile-375")
    await farmer.getByRole("button", { name: "Back to List" }).click();
  await farmer.getByRole("button", { name: `Delete conversation with ${visitor.name}` }).click();
  await expect(heyThere).toBeVisible();
  await heyThere.getByRole("button", { name: "Delete" }).click();
  await expect(heyThere).toBeHidden();
  await expect(farmer.getByRole("button", { name: new RegExp(`^${visitor.name}`) })).toHaveCount(0);
  await farmer.reload();
  await expect(farmer.getByRole("heading", { name: "Contacts" })).toBeVisible();
  await expect(farmer.getByRole("button", { name: new RegExp(`^${visitor.name}`) })).toHaveCount(0);
  await farmer.context().close();
});
