/** What the fake's own tests share: one fake per file, emptied between tests. */
import { afterAll, afterEach, beforeAll } from "vitest";
import { startStripeFake, type StripeFake, type StripeFakeOptions } from "./index";

/** Starts a fake for the test file; `current()` inside a test returns it. */
export function startFakeForFile(options: StripeFakeOptions = {}): () => StripeFake {
  let fake: StripeFake | undefined;
  beforeAll(async () => {
    fake = await startStripeFake(options);
  });
  afterEach(() => fake?.reset());
  afterAll(() => fake?.close());
  return () => {
    if (!fake) throw new Error("the Stripe fake has not started");
    return fake;
  };
}

/** A form POST as Stripe.js makes it: the publishable key as `key`, no Authorization header. */
export async function postAsBrowser(
  fake: StripeFake,
  path: string,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ key: fake.publishableKey, ...params }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
