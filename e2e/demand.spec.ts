import { expect, request as newRequest, test } from "@playwright/test";
import { signIn } from "./farm-helpers";

/** The flagship demo farm, whose Demand page the seed fills (server/db/seed/demo-demand.ts). */
const FARM = { login: "maple_ridge_farm", password: "Harvest2026!" } as const;
const NEAR_THE_FARM = {
  country: "CA",
  postalCode: "L4C 4Y8",
  city: "Richmond Hill",
  provinceState: "ON",
};

/** A word no product has: letters only, as terms with digits are never counted. */
function unknownWord(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return `zq${Array.from({ length: 10 }, () => letters[Math.floor(Math.random() * 26)]).join("")}`;
}

test("a farm's Demand page shows seeded demand, and visitors' searches that find nothing are counted", async ({
  page,
  baseURL,
}) => {
  // Five visitors near the farm (five browsers: a visitor is told apart by address and browser)
  // search for a word no product has; the page shows it once five people did.
  const word = unknownWord();
  for (let i = 1; i <= 5; i++) {
    const visitor = await newRequest.newContext({
      baseURL,
      userAgent: `DemandVisitor/${i} (${word})`,
    });
    const location = await visitor.post("/api/location", {
      headers: { origin: baseURL! },
      data: { ...NEAR_THE_FARM, radius: 25 },
    });
    expect(location.ok(), await location.text()).toBe(true);
    const search = await visitor.get(`/api/products/filtered?keyword=${word}`);
    expect(((await search.json()) as { total: number }).total).toBe(0);
    await visitor.dispose();
  }

  await signIn(page.request, FARM.login, FARM.password);
  await page.goto("/demand");
  await expect(page.getByRole("heading", { level: 1, name: "Demand" })).toBeVisible();
  const saved = page.getByRole("table", { name: "Saved in Dream Trackers" });
  await expect(saved.getByRole("rowheader", { name: "heirloom tomatoes" })).toBeVisible();
  const searches = page.getByRole("table", { name: "Searched for, little found" });
  await expect(searches.getByRole("rowheader", { name: "goat cheese" })).toBeVisible();

  // Counting happens after each search's answer went out: reload until it shows.
  await expect
    .poll(async () => {
      await page.reload();
      return searches.getByRole("rowheader", { name: word }).count();
    })
    .toBe(1);
  const row = searches
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: word }) });
  await expect(row.getByRole("cell").first()).toHaveText("5");
});
