import { expect, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";

// Farms made for a test through the public API, so journeys running at once never share a plan count.
export const FARM_PASSWORD = "Field-Carrots-2026!";
const PASSWORD = FARM_PASSWORD;

/** Real image files, made at test time with sharp. */
export async function photo(format: "jpeg" | "png", background = "#b5452b") {
  const image = sharp({ create: { width: 400, height: 320, channels: 3, background } });
  return format === "jpeg" ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

export type Farm = { username: string; token: string };

/** Registers a Canadian farm through the public API and signs the page in as it (cookies) and for API calls (token). */
export async function registerFarm(page: Page, prefix: string): Promise<Farm> {
  const username = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await page.request.post("/api/merchants/register", {
    data: {
      username,
      firstName: "Priya",
      lastName: "Green",
      phone: "(519) 555-0188",
      country: "CA",
      email: `${username}@example.com`,
      password: PASSWORD,
      cPassword: PASSWORD,
      address: "12 Concession Road 4",
      city: "Guelph",
      provinceState: "ON",
      postalCode: "N1H 6J2",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { username, token: await signIn(page.request, username, PASSWORD) };
}

/** page.request shares the browser's cookie jar, so the page is signed in afterwards. */
export async function signIn(
  request: APIRequestContext,
  login: string,
  password: string,
): Promise<string> {
  const answer = await request.post("/api/users/login", { data: { login, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

export async function addByApi(request: APIRequestContext, farm: Farm, name: string) {
  const answer = await request.post("/api/products/add", {
    headers: { authorization: `Bearer ${farm.token}` },
    multipart: {
      name,
      detail: "Picked this morning.",
      price: "3.00",
      weightRequired: "false",
      deliveryService: "false",
      inStock: "true",
      payInPerson: "true",
      payByCard: "false",
      productImage: {
        name: "crate.png",
        mimeType: "image/png",
        buffer: await photo("png", "#3d8b4a"),
      },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { product: { id: number } }).product.id;
}
