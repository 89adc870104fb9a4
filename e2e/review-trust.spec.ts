import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-helpers";
import { demoSession } from "./demo-sessions";
import { addByApi, registerFarm, signIn } from "./farm-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Review trust (issue 44 items 2 and 3): the product's farm replies to a review, a signed-in member
// reports it with a reason, an admin hides it from the moderation queue, and it leaves the product
// page and its count while its author is told. Runs in both projects at once against one database:
// each project makes its own farm, product and reviewer through the API, so it acts only on its own
// rows (the demo customer reports, and the admin acts, on this project's review alone).

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

/**
 * A page of its own for another person, as the project's (width, touch): cookies of their own (a
 * demo member's session when given), the My Local dialog shut.
 */
async function pageOf(browser: Browser, baseURL: string, storageState?: string): Promise<Page> {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    ...(storageState ? { storageState } : {}),
  });
  await skipMyLocalDialog(context, baseURL);
  return context.newPage();
}

const reviewBy = (page: Page, username: string) =>
  page.getByRole("article", { name: `Review by ${username}` });

test("a farm replies to a review, a member reports it, an admin hides it and its author sees it was hidden", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  // The farm (this page), its product and a review by a reviewer of this run.
  const farm = await registerFarm(page, "trusted");
  const productId = await addByApi(page.request, farm, `Honeycrisp trust crate ${Date.now()}`);
  // The reviewer writes through an API context of its own (the page stays the farm's).
  const api = await playwright.request.newContext({ baseURL });
  const author = await registerCustomer(api, "trustee");
  const authorToken = await signIn(api, author.username, author.password);
  const written = await api.post("/api/reviews", {
    headers: { authorization: `Bearer ${authorToken}` },
    data: { productId, score: 4, reviewContent: 'Crisp apples & "sweet" juice, a little bruised.' },
  });
  expect(written.status(), await written.text()).toBe(201);
  await api.dispose();

  // The farm replies under the review; the reply shows with the farm's name.
  await page.goto(`/products/${productId}`);
  const review = reviewBy(page, author.username);
  // The review reads as written (quotes and ampersands included).
  await expect(review).toContainText('Crisp apples & "sweet" juice, a little bruised.');
  await review.getByRole("button", { name: `Reply to ${author.username}` }).click();
  await review
    .getByLabel(`Your reply to ${author.username}`)
    .fill("Thank you! We pack them in straw now.");
  await review.getByRole("button", { name: "Post reply" }).click();
  await expect(review.getByText("Your reply has been posted.")).toBeVisible();
  const reply = review.getByRole("region", { name: `Reply from ${farm.username}` });
  await expect(reply).toContainText(`Reply from ${farm.username}`);
  await expect(reply).toContainText("Thank you! We pack them in straw now.");

  // A visitor sees the reply too, and the review in the count.
  const visitor = await pageOf(browser, baseURL!);
  await visitor.goto(`/products/${productId}`);
  await expect(
    reviewBy(visitor, author.username).getByRole("region", {
      name: `Reply from ${farm.username}`,
    }),
  ).toContainText("Thank you! We pack them in straw now.");
  await expect(visitor.getByRole("link", { name: "1 review", exact: true })).toBeVisible();

  // A signed-in member (the shared demo customer) reports the review with a reason.
  const member = await pageOf(browser, baseURL!, demoSession("customer"));
  await member.goto(`/products/${productId}`);
  const reported = reviewBy(member, author.username);
  await reported.getByRole("button", { name: `Report the review by ${author.username}` }).click();
  const dialog = member.getByRole("dialog", { name: "Report" });
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please choose a reason.");
  await dialog.getByRole("radio", { name: "Offensive or abusive" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reported.getByText("Thank you. Our moderators will look at it.")).toBeVisible();

  // An admin finds it in the moderation queue, with the report, and hides it with a reason.
  const admin = await pageOf(browser, baseURL!);
  await signInAsAdmin(admin);
  await admin.goto("/adminReviews");
  const item = admin.getByRole("article", { name: `The review by ${author.username}` });
  await expect(item).toContainText('Crisp apples & "sweet" juice, a little bruised.');
  await expect(item).toContainText("Offensive or abusive, by ");
  await item.getByRole("button", { name: `Hide the review by ${author.username}` }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Please say why." })).toBeVisible();
  await item
    .getByLabel(`Reason for the review by ${author.username}`)
    .fill("Reported as abusive; the words break the rules.");
  await item.getByRole("button", { name: `Hide the review by ${author.username}` }).click();
  await expect(admin.getByText("It is hidden now.")).toBeVisible();
  await expect(item).toHaveCount(0);
  await admin
    .getByRole("navigation", { name: "Moderation views" })
    .getByRole("link", { name: "Hidden" })
    .click();
  await expect(
    admin.getByRole("article", { name: `The review by ${author.username}` }),
  ).toBeVisible();

  // The review leaves the product page, its count and its structured data at once.
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  await expect(reviewBy(visitor, author.username)).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: "0 reviews", exact: true })).toBeVisible();
  const jsonLd = (await visitor.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data["@type"] === "Product")!;
  expect(jsonLd.aggregateRating).toBeUndefined();
  expect(jsonLd.review ?? []).toEqual([]);

  // Its author sees that it was hidden.
  const mine = await pageOf(browser, baseURL!);
  await signIn(mine.request, author.username, author.password);
  await mine.goto(`/products/${productId}`);
  await expect(mine.getByRole("form", { name: "Your review" })).toContainText(
    "Our moderators hid your review, so others no longer see it.",
  );
  await expect(reviewBy(mine, author.username)).toHaveCount(0);

  for (const other of [visitor, member, admin, mine]) await other.context().close();
});
