import { expect, test } from "@playwright/test";
import { registerFarm } from "./farm-helpers";
import { skipMyLocalDialog } from "./fixtures";

// The farm's pickup places on its store page (issue 41 item 3, decision 0050). Each run makes its
// own farm, so both projects (desktop-1280, mobile-375) run side by side. The farm adds a market
// stall and windows through the API; a visitor then reads where and when to pick up on the store
// page, which the additions expired from the shared cache.

test.beforeEach(({ context, baseURL }) => skipMyLocalDialog(context, baseURL!));

test("the store page lists the farm's pickup places with their address and weekly windows", async ({
  page,
  request,
  baseURL,
}) => {
  const farm = await registerFarm(page, "places");
  const headers = { authorization: `Bearer ${farm.token}` };
  const setup = (await (await request.get("/api/pickup/setup", { headers })).json()) as {
    places: { id: number; name: string }[];
  };
  // The store page is read once before the places exist: the additions must expire its cache.
  await page.context().clearCookies();
  await skipMyLocalDialog(page.context(), baseURL!);
  await page.goto(`/stores/${farm.username}`);
  await expect(page.getByRole("heading", { level: 1, name: farm.username })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Where to pick up" })).toHaveCount(0);

  const stall = await request.post("/api/pickup/places", {
    headers,
    data: {
      name: "Guelph Farmers' Market stall",
      address: "2 Gordon St",
      city: "Guelph",
      provinceState: "ON",
      country: "CA",
      postalCode: "N1H 4G6",
    },
  });
  expect(stall.status(), await stall.text()).toBe(201);
  const stallId = ((await stall.json()) as { id: number }).id;
  const window = (placeId: number, weekday: number, startsAt: string, endsAt: string) =>
    request.post("/api/pickup/windows", {
      headers,
      data: { placeId, weekday, startsAt, endsAt, cutoffDaysBefore: 1, cutoffAt: "18:00" },
    });
  expect((await window(stallId, 6, "07:00", "13:00")).status()).toBe(201);
  expect((await window(setup.places[0]!.id, 3, "16:00", "19:00")).status()).toBe(201);

  await page.goto(`/stores/${farm.username}`);
  const section = page.getByRole("region", { name: "Where to pick up" });
  await expect(section).toBeVisible();
  await expect(section.getByText(/Times are the farm's local time/)).toBeVisible();
  const market = section.getByRole("listitem", { name: "Guelph Farmers' Market stall" });
  await expect(market.getByText("2 Gordon St, Guelph, ON N1H 4G6")).toBeVisible();
  await expect(
    market.getByRole("list", { name: "Pickup times at Guelph Farmers' Market stall" }),
  ).toContainText("Saturday 7:00 a.m. – 1:00 p.m.");
  await expect(market.getByText("Orders close the day before at 6:00 p.m.")).toBeVisible();
  const atFarm = section.getByRole("listitem", { name: "At the farm" });
  await expect(
    atFarm.getByText(/Guelph, ON \(the full address comes with your order\)/),
  ).toBeVisible();
  await expect(atFarm).toContainText("Wednesday 4:00 p.m. – 7:00 p.m.");
  // The farm's street address stays off the public page.
  await expect(section.getByText("12 Concession Road 4")).toHaveCount(0);
});

test("a newcomer finds the demo farm's market stall and its windows on the store page", async ({
  page,
}) => {
  // The demo seed's niagara_fruit_stand sells at the farm and from a market stall in Toronto.
  await page.goto("/stores/niagara_fruit_stand");
  const section = page.getByRole("region", { name: "Where to pick up" });
  const stall = section.getByRole("listitem", { name: "St. Lawrence Market stall" });
  await expect(stall.getByText("93 Front St E, Toronto, ON M5E 1C3")).toBeVisible();
  await expect(stall).toContainText("Saturday 7:00 a.m. – 1:00 p.m.");
  await expect(section.getByRole("listitem", { name: "At the farm" })).toContainText(
    "Friday 2:00 p.m. – 6:00 p.m.",
  );
});
