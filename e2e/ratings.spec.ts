import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addByApi, registerFarm, signIn } from "./farm-helpers";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// Ratings where people choose (issue 44 item 4): stars on the cards, the distribution on the
// product page and Top rated, which ranks three reviews above a single 5-star one. Each project
// makes its own farm, products (named with a word of their own) and reviewers through the API.

/** A word no other product has: letters only, so it is one search word. */
function uniqueWord(): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  return `qz${Array.from({ length: 7 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

async function review(api: APIRequestContext, productId: number, score: number) {
  const customer = await registerCustomer(api, "rater");
  const token = await signIn(api, customer.username, customer.password);
  const answer = await api.post("/api/reviews", {
    headers: { authorization: `Bearer ${token}` },
    data: { productId, score, reviewContent: `Sweet and juicy, ${score} stars.` },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  await api.post("/api/users/logout", { headers: { authorization: `Bearer ${token}` } });
}

const card = (page: Page, name: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name, exact: true }) });

test("stars on a card, the distribution on the product page, and Top rated needing enough reviews", async ({
  page,
  context,
  baseURL,
  playwright,
}) => {
  const word = uniqueWord();
  const farm = await registerFarm(page, "rated");
  const crate = `Starfruit ${word} crate`;
  const box = `Starfruit ${word} box`;
  const crateId = await addByApi(page.request, farm, crate);
  const boxId = await addByApi(page.request, farm, box);

  const api = await playwright.request.newContext({ baseURL });
  for (const score of [5, 5, 4]) await review(api, crateId, score);
  await review(api, boxId, 5);
  await api.dispose();

  // A visitor searches: All lists the newest first, each card with its stars read out.
  await context.clearCookies();
  await skipMyLocalDialog(context, baseURL!);
  await page.goto(`/products/filtered?keyword=${word}`);
  const titles = page.getByRole("main").getByRole("article").getByRole("heading");
  await expect(titles).toHaveText([box, crate]);
  await expect(
    card(page, crate).getByRole("img", { name: "4.7 out of 5, 3 reviews" }),
  ).toBeVisible();
  await expect(card(page, box).getByRole("img", { name: "5 out of 5, 1 review" })).toBeVisible();

  // Top rated: three reviews at 4.7 come before one 5-star review.
  await page.getByRole("link", { name: "Top rated" }).click();
  await expect(page).toHaveURL(/sortType=rating/);
  await expect(page.getByRole("link", { name: "Top rated" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(titles).toHaveText([crate, box]);

  // The product page: the distribution, 5 to 1 stars, and the rating in its structured data.
  await card(page, crate).getByRole("link", { name: crate }).click();
  await expect(page.getByRole("heading", { level: 1, name: crate })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Ratings by stars" }).getByRole("listitem"),
  ).toHaveText([
    /^5 stars:\s*2 reviews$/,
    /^4 stars:\s*1 review$/,
    /^3 stars:\s*0 reviews$/,
    /^2 stars:\s*0 reviews$/,
    /^1 star:\s*0 reviews$/,
  ]);
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data["@type"] === "Product")!;
  expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: 4.67, reviewCount: 3 });
  expect(jsonLd.review).toHaveLength(3);
});
