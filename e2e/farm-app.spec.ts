import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium, expect, test, type Page } from "@playwright/test";
import QRCode from "qrcode";
import { demoSession, resumeDemoSession } from "./demo-sessions";
import { registerCustomer, skipMyLocalDialog } from "./fixtures";

// The farm app (issue 45 items 3 and 4, decision 0054): the demo farm installs it, scans a
// customer's code with a fake camera, confirms another handover by typed code while offline, and
// sees it confirmed once when the network returns. Its own customer and orders, so both projects
// run it at once.
const FARM = "maple_ridge_farm";
const STORE = {
  firstName: "Robin",
  lastName: "Ash",
  email: "robin.ash@example.com",
  phone: "4165550177",
  deliveryDestination: "store",
};

type Handover = { merchantName: string; qrUrl: string; shortCode: string };

/** A customer's pay-in-person pickup order with the demo farm; answers its number and code. */
async function placeOrder(page: Page, origin: string, productId: number) {
  await page.goto(`/products/${productId}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to your cart.")).toBeVisible();
  const placed = await page.request.post("/api/checkout/inPerson", {
    headers: { origin },
    data: { checkoutKey: randomUUID(), delivery: STORE },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderNo } = (await placed.json()) as { orderNo: string };
  const view = await page.request.get(`/api/orders/${orderNo}/view`);
  const { order } = (await view.json()) as { order: { handovers: Handover[] } };
  const handover = order.handovers.find((h) => h.merchantName === FARM)!;
  return { orderNo, ...handover };
}

/**
 * A camera stand-in for Chromium (--use-file-for-fake-video-capture): a few identical 640x480
 * frames of `text`'s QR code, YUV 4:2:0, black modules on white with the quiet zone.
 */
async function qrVideo(text: string, file: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const [width, height] = [640, 480];
  const scale = Math.floor(400 / (modules.size + 8));
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1)
      if (modules.get(row, col))
        for (let y = 0; y < scale; y += 1)
          luma.fill(
            16,
            (top + row * scale + y) * width + left + col * scale,
            (top + row * scale + y) * width + left + (col + 1) * scale,
          );
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, frame, frame, frame, frame, frame]));
}

test("a farm installs the app, scans a code, confirms another offline and sees it sent once", async ({
  page,
  baseURL,
}, testInfo) => {
  // The customer: two pickup orders with the demo farm.
  await skipMyLocalDialog(page.context(), baseURL!);
  const customer = await registerCustomer(page.request, "scanned");
  const login = await page.request.post("/api/users/login", {
    data: { login: customer.email, password: customer.password },
  });
  expect(login.ok()).toBe(true);
  const origin = new URL(login.url()).origin;
  const listed = await page.request.get(`/api/stores/${FARM}/products`);
  const { products } = (await listed.json()) as {
    products: { id: number; inStock: boolean; currency: string; deliveryMethod: string }[];
  };
  const product = products.find(
    (p) => p.inStock && p.currency === "CAD" && p.deliveryMethod === "in_store",
  )!;
  const scanned = await placeOrder(page, origin, product.id);
  const typed = await placeOrder(page, origin, product.id);
  // The short code is printed under the customer's QR code.
  await page.goto("/myOrders/manage");
  await page
    .getByRole("button", { name: `Order ${typed.orderNo}` })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: `Order ${typed.orderNo}` })).toContainText(
    typed.shortCode,
  );

  // The farm's phone: a camera that films the first order's QR code.
  const video = path.join(testInfo.outputDir, "qr.y4m");
  await mkdir(testInfo.outputDir, { recursive: true });
  await qrVideo(scanned.qrUrl, video);
  const { launchOptions, viewport, isMobile, hasTouch } = testInfo.project.use;
  // A profile of its own rather than an incognito context: Chrome never offers to install from
  // incognito, and its installability check below says so.
  const context = await chromium.launchPersistentContext(path.join(testInfo.outputDir, "profile"), {
    ...launchOptions,
    args: [
      ...(launchOptions?.args ?? []),
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    permissions: ["camera"],
  });
  await resumeDemoSession(context, FARM);
  await skipMyLocalDialog(context, baseURL!);
  const farm = context.pages()[0] ?? (await context.newPage());

  // Installable: the manifest is linked and valid, and the service worker controls the page.
  await farm.goto("/customerOrders/manage");
  await expect(farm.getByRole("heading", { level: 1, name: "Customer Orders" })).toBeVisible();
  const manifestHref = await farm.locator('link[rel="manifest"]').getAttribute("href");
  const manifestAnswer = await farm.request.get(manifestHref!);
  expect(manifestAnswer.ok()).toBe(true);
  const manifest = (await manifestAnswer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({
    start_url: "/customerOrders/manage",
    display: "standalone",
    theme_color: "#2f6b3c",
  });
  expect(manifest.name).toBeTruthy();
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
  );
  for (const icon of manifest.icons) {
    const answer = await farm.request.get(icon.src);
    expect(answer.headers()["content-type"]).toBe("image/png");
  }
  expect(manifest.shortcuts.map((s) => s.name)).toEqual(
    expect.arrayContaining(["Pickups", "Customer Orders", "Messages"]),
  );
  const scriptURL = await farm.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  );
  expect(scriptURL).toMatch(/\/sw\.js$/);
  await farm.reload();
  await expect
    .poll(() => farm.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  // Chrome's own installability check, the one Lighthouse reports.
  const cdp = await context.newCDPSession(farm);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);

  // The scanner: the camera reads the first order's code and confirms it in place.
  await farm.getByRole("link", { name: "Scan a customer’s code" }).click();
  await expect(
    farm.getByRole("heading", { level: 1, name: "Scan a customer's code" }),
  ).toBeVisible();
  await farm.getByRole("button", { name: "Start the camera" }).click();
  const result = farm.getByRole("status").filter({ hasText: "Handover confirmed" });
  await expect(result).toContainText(`Handover of order ${scanned.orderNo} confirmed.`, {
    timeout: 30_000,
  });

  // Offline: the farm's recent orders still read, and a typed code waits on the phone.
  await context.setOffline(true);
  const kept = await farm.goto("/customerOrders/manage");
  expect(kept?.fromServiceWorker()).toBe(true);
  await expect(farm.getByRole("heading", { level: 1, name: "Customer Orders" })).toBeVisible();
  // A product page is never kept (its price and stock are the network's): offline, the offline page.
  await farm.goto(`/products/${product.id}`);
  await expect(farm.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await farm.goto("/customerOrders/scan");
  await farm.getByLabel("Code under the QR code").fill(typed.shortCode.toLowerCase());
  await farm.getByRole("button", { name: "Confirm handover" }).click();
  await expect(farm.getByRole("status").filter({ hasText: "Saved on this phone" })).toBeVisible();
  const waiting = farm.getByRole("list", { name: "Confirmations waiting to be sent" });
  await expect(waiting).toContainText(typed.shortCode.toLowerCase());

  // Back online: sent by itself, confirmed once.
  await context.setOffline(false);
  await expect(farm.getByRole("list", { name: "Sent confirmations" })).toContainText(
    `Handover of order ${typed.orderNo} confirmed.`,
    { timeout: 30_000 },
  );
  await expect(farm.getByText("Nothing is waiting to be sent.")).toBeVisible();
  // The same code again (a second phone, a replayed queue) changes nothing and says so.
  await farm.getByLabel("Code under the QR code").fill(typed.shortCode);
  await farm.getByRole("button", { name: "Confirm handover" }).click();
  await expect(farm.getByRole("status").filter({ hasText: "Already confirmed" })).toContainText(
    `Order ${typed.orderNo} was already confirmed`,
  );
  // A tampered code is refused with a clear message.
  await farm
    .getByLabel("Code under the QR code")
    .fill(typed.shortCode.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
  await farm.getByRole("button", { name: "Confirm handover" }).click();
  await expect(farm.getByRole("alert").filter({ hasText: "Not confirmed" })).toContainText(
    "This QR code is not valid for your farm.",
  );

  // The customer's browser never got the worker: it is the farms' alone.
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
  ).toBe(0);
  // The customer sees both handovers done.
  for (const { orderNo } of [scanned, typed]) {
    const view = await page.request.get(`/api/orders/${orderNo}/view`);
    const { order } = (await view.json()) as { order: { lines: { confirmed: boolean }[] } };
    expect(order.lines.every((line) => line.confirmed)).toBe(true);
  }
  await context.close();
});

test("a farm whose camera is blocked is told how to allow it and types the code", async ({
  baseURL,
}, testInfo) => {
  const { launchOptions, viewport, isMobile, hasTouch } = testInfo.project.use;
  // A camera exists, but the farm never allowed it: the browser refuses getUserMedia.
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions?.args ?? []), "--use-fake-device-for-media-stream"],
  });
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    storageState: demoSession(FARM),
  });
  await skipMyLocalDialog(context, baseURL!);
  const farm = await context.newPage();
  await farm.goto("/customerOrders/scan");
  await farm.getByRole("button", { name: "Start the camera" }).click();
  await expect(
    farm.getByRole("alert").filter({ hasText: "The camera is blocked for this site." }),
  ).toContainText("To scan, allow it: tap the lock or camera icon beside the address");
  await expect(farm.getByLabel("Code under the QR code")).toBeFocused();
  await farm.getByLabel("Code under the QR code").fill("not a code");
  await farm.getByRole("button", { name: "Confirm handover" }).click();
  await expect(farm.getByRole("alert").filter({ hasText: "Not confirmed" })).toContainText(
    "This is not a handover code.",
  );
  await browser.close();
});
