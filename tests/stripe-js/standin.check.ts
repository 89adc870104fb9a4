/**
 * Proves the Stripe.js stand-in without the app: `npx tsx tests/stripe-js/standin.check.ts`.
 *
 * Starts the Stripe fake and a tiny page server on 127.0.0.1, bundles check-page.tsx (the real
 * loadStripe, <Elements> and <PaymentElement> in StrictMode), routes Stripe's hosts with
 * routeStripe, and drives Debian's Chromium through success, decline, 3-D Secure, saved cards,
 * validation and a lost connection. Not a *.test.ts: Vitest must not pick it up.
 */
import { createServer, type Server } from "node:http";
import path from "node:path";
import { build } from "esbuild";
import { chromium, expect, type Browser, type Page } from "@playwright/test";
import { routeStripe } from "../../e2e/stripe-routes";
import { startStripeFake } from "../stripe-fake";

const SECRET_KEY = "sk_test_standin_check";
// the app's Content-Security-Policy (next.config.ts) with Stripe.js allowed to load
const CSP = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self' 'unsafe-inline' https://js.stripe.com",
  "connect-src 'self' https:",
  "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
].join("; ");

type Check = {
  name: string;
  run: (page: Page) => Promise<void>;
  /** A console message the check causes on purpose. */
  expectedComplaint?: RegExp;
};

async function main() {
  const fake = await startStripeFake();
  const site = await startSite(await bundlePage());
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const fakeApi = (pathname: string, params: Record<string, string>) =>
    callFake(fake.url, pathname, params);
  let failures = 0;
  try {
    for (const check of checks(site.url, fakeApi)) {
      failures += (await runCheck(browser, fake.url, check)) ? 0 : 1;
    }
  } finally {
    await browser.close();
    await new Promise((resolve) => site.server.close(resolve));
    await fake.close();
  }
  process.stdout.write(failures ? `${failures} check(s) failed\n` : "all checks passed\n");
  process.exitCode = failures ? 1 : 0;
}

/** Each check gets a fresh context; a console error or warning on the page fails it. */
async function runCheck(browser: Browser, fakeUrl: string, check: Check) {
  const context = await browser.newContext();
  await routeStripe(context, fakeUrl);
  const page = await context.newPage();
  const complaints: string[] = [];
  page.on("console", (message) => {
    const isProblem = message.type() === "error" || message.type() === "warning";
    if (isProblem && !check.expectedComplaint?.test(message.text())) {
      complaints.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => complaints.push(`pageerror: ${error.message}`));
  try {
    await check.run(page);
    if (complaints.length) throw new Error(`the page complained:\n  ${complaints.join("\n  ")}`);
    process.stdout.write(`ok   ${check.name}\n`);
    return true;
  } catch (error) {
    console.error(`FAIL ${check.name}\n${error instanceof Error ? error.message : error}`);
    return false;
  } finally {
    await context.close();
  }
}

function checks(
  siteUrl: string,
  fakeApi: (pathname: string, params: Record<string, string>) => Promise<Record<string, unknown>>,
): Check[] {
  async function newIntent(kind: "payment_intent" | "setup_intent") {
    const intent =
      kind === "payment_intent"
        ? await fakeApi("/v1/payment_intents", {
            amount: "2500",
            currency: "cad",
            "payment_method_types[]": "card",
          })
        : await fakeApi("/v1/setup_intents", { "payment_method_types[]": "card" });
    return { kind, id: String(intent.id), clientSecret: String(intent.client_secret) };
  }

  async function openPayPage(
    page: Page,
    query: Record<string, string> = {},
    kind: "payment_intent" | "setup_intent" = "payment_intent",
  ) {
    const intent = await newIntent(kind);
    const search = new URLSearchParams({ secret: intent.clientSecret, ...query });
    await page.goto(`${siteUrl}/pay?${search}`);
    await expect(page.getByRole("status")).toHaveText("Ready");
    return intent;
  }

  async function fillCard(page: Page, number: string) {
    const card = page.getByRole("group", { name: "Card" });
    await card.getByLabel("Card number").fill(number);
    await card.getByLabel("Expiration date").fill("12 / 34");
    await card.getByLabel("Security code").fill("123");
  }

  const dialog = (page: Page) => page.getByRole("dialog", { name: "3D Secure authentication" });

  async function expectReturned(page: Page, intent: Awaited<ReturnType<typeof newIntent>>) {
    await page.waitForURL(`${siteUrl}/done?**`);
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      [intent.kind]: intent.id,
      [`${intent.kind}_client_secret`]: intent.clientSecret,
      redirect_status: "succeeded",
    });
  }

  const errorDetails = (page: Page, details: string) =>
    expect(page.getByText("Error details:")).toHaveText(`Error details: ${details}`);

  return [
    {
      name: "renders labelled card fields that format what is typed",
      async run(page) {
        await openPayPage(page);
        const card = page.getByRole("group", { name: "Card" });
        await card.getByLabel("Card number").fill("4242424242424242");
        await expect(card.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
        await card.getByLabel("Expiration date").fill("1234");
        await expect(card.getByLabel("Expiration date")).toHaveValue("12 / 34");
        await expect(page.getByText("Card not complete")).toBeVisible();
        await card.getByLabel("Security code").fill("123");
        await expect(page.getByText("Card complete")).toBeVisible();
      },
    },
    {
      name: "refuses an empty card with Stripe's messages under each field",
      async run(page) {
        await openPayPage(page);
        await page.getByRole("button", { name: "Pay" }).click();
        await expect(page.getByRole("status")).toHaveText("Error: Your card number is incomplete.");
        const card = page.getByRole("group", { name: "Card" });
        await expect(card.getByText("Your card number is incomplete.")).toBeVisible();
        await expect(card.getByText("Your card's expiration date is incomplete.")).toBeVisible();
        await expect(card.getByText("Your card's security code is incomplete.")).toBeVisible();
        await expect(card.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
      },
    },
    {
      name: "pays with 4242 4242 4242 4242 and returns to return_url",
      async run(page) {
        const intent = await openPayPage(page);
        await fillCard(page, "4242424242424242");
        await page.getByRole("button", { name: "Pay" }).click();
        await expectReturned(page, intent);
      },
    },
    {
      name: "stays on the page with the decline message for 4000 0000 0000 0002",
      // the browser logs the 402 answer, as it does under the real Stripe.js
      expectedComplaint: /status of 402/,
      async run(page) {
        const intent = await openPayPage(page);
        await fillCard(page, "4000000000000002");
        await page.getByRole("button", { name: "Pay" }).click();
        await expect(page.getByRole("status")).toHaveText("Error: Your card was declined.");
        await errorDetails(
          page,
          `type=card_error code=card_declined decline_code=generic_decline intent=${intent.id}`,
        );
        expect(new URL(page.url()).pathname).toBe("/pay");
      },
    },
    {
      name: "completes 3-D Secure for 4000 0027 6000 3184 and returns to return_url",
      async run(page) {
        const intent = await openPayPage(page);
        await fillCard(page, "4000002760003184");
        await page.getByRole("button", { name: "Pay" }).click();
        await expect(dialog(page)).toBeVisible();
        await expect(
          dialog(page).getByRole("button", { name: "Complete authentication" }),
        ).toBeFocused();
        await dialog(page).getByRole("button", { name: "Complete authentication" }).click();
        await expectReturned(page, intent);
      },
    },
    {
      name: "fails 3-D Secure for 4000 0027 6000 3184 and stays with the error",
      async run(page) {
        const intent = await openPayPage(page);
        await fillCard(page, "4000002760003184");
        await page.getByRole("button", { name: "Pay" }).click();
        await dialog(page).getByRole("button", { name: "Fail authentication" }).click();
        await expect(dialog(page)).toHaveCount(0);
        await expect(page.getByRole("status")).toHaveText(
          "Error: We are unable to authenticate your payment method. Please choose a different payment method and try again.",
        );
        await errorDetails(
          page,
          `type=invalid_request_error code=payment_intent_authentication_failure decline_code=none intent=${intent.id}`,
        );
        expect(new URL(page.url()).pathname).toBe("/pay");
      },
    },
    {
      name: "resolves the PaymentIntent without navigating when redirect is if_required",
      async run(page) {
        await openPayPage(page, { redirect: "if_required" });
        await fillCard(page, "4242424242424242");
        await page.getByRole("button", { name: "Pay" }).click();
        await expect(page.getByRole("status")).toHaveText("Paid: succeeded");
        expect(new URL(page.url()).pathname).toBe("/pay");
      },
    },
    {
      name: "pays with a saved card through confirmCardPayment",
      async run(page) {
        await openPayPage(page, { saved: "pm_card_visa" });
        await page.getByRole("button", { name: "Pay with saved card" }).click();
        await expect(page.getByRole("status")).toHaveText("Paid: succeeded");
      },
    },
    {
      name: "authenticates a saved card that asks for 3-D Secure, without navigating",
      async run(page) {
        await openPayPage(page, { saved: "pm_card_authenticationRequired" });
        await page.getByRole("button", { name: "Pay with saved card" }).click();
        await dialog(page).getByRole("button", { name: "Complete authentication" }).click();
        await expect(page.getByRole("status")).toHaveText("Paid: succeeded");
        expect(new URL(page.url()).pathname).toBe("/pay");
      },
    },
    {
      name: "saves a card through confirmSetup after 3-D Secure and returns to return_url",
      async run(page) {
        const intent = await openPayPage(page, {}, "setup_intent");
        await fillCard(page, "4000002500003155");
        await page.getByRole("button", { name: "Pay" }).click();
        await dialog(page).getByRole("button", { name: "Complete authentication" }).click();
        await expectReturned(page, intent);
      },
    },
    {
      name: "reports a lost connection as Stripe.js does",
      expectedComplaint: /ERR_CONNECTION_REFUSED/,
      async run(page) {
        await openPayPage(page);
        await page.route("https://api.stripe.com/**", (route) => route.abort("connectionrefused"));
        await fillCard(page, "4242424242424242");
        await page.getByRole("button", { name: "Pay" }).click();
        await expect(page.getByRole("status")).toHaveText(
          "Error: An error occurred with our connection to Stripe.",
        );
        await errorDetails(
          page,
          "type=api_connection_error code=none decline_code=none intent=none",
        );
      },
    },
  ];
}

/** The server side of the flow: the app creates intents with its secret key. */
async function callFake(fakeUrl: string, pathname: string, params: Record<string, string>) {
  const response = await fetch(fakeUrl + pathname, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${SECRET_KEY}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(params),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${pathname} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function bundlePage() {
  const result = await build({
    entryPoints: [path.join(__dirname, "check-page.tsx")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    jsx: "automatic",
    // development React, so StrictMode mounts, destroys and mounts the Payment Element again
    define: { "process.env.NODE_ENV": '"development"' },
    logLevel: "warning",
  });
  return result.outputFiles[0]!.text;
}

async function startSite(script: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    if (pathname === "/check-page.js") {
      response.writeHead(200, { "Content-Type": "application/javascript" });
      response.end(script);
      return;
    }
    const isKnown = pathname === "/pay" || pathname === "/done";
    response.writeHead(isKnown ? 200 : 404, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CSP,
    });
    response.end(
      pathname === "/pay"
        ? `<!doctype html><title>Pay</title><div id="root"></div><script src="/check-page.js"></script>`
        : `<!doctype html><title>Done</title><p>Returned</p>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the page server has no port");
  return { url: `http://127.0.0.1:${address.port}`, server };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
