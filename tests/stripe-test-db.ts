/**
 * The Stripe fake and a test database for a service test file that talks to Stripe: both start
 * before the file's tests, injected faults are cleared after each test, both close at the end.
 *
 *   const stripeTestDb = setupStripeTestDb();
 *   let db: Db; let fake: StripeFake; let stripe: Stripe;
 *   beforeAll(() => { ({ db, fake, stripe } = stripeTestDb); });
 *
 * Call it before the file's own hooks: Vitest runs hooks in the order they were registered, so the
 * file's beforeAll finds both ready.
 */
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Db } from "@/server/db/client";
import { closeTestDb, createTestDb } from "@/tests/db";
import { startStripeFake, type StripeFake } from "@/tests/stripe-fake";

export interface StripeTestDb {
  readonly db: Db;
  readonly fake: StripeFake;
  /** The real SDK, pointed at the fake. */
  readonly stripe: Stripe;
}

/** Registers the hooks; the answer's fields can be read once its beforeAll has run. */
export function setupStripeTestDb(): StripeTestDb {
  let started: StripeTestDb | undefined;
  beforeAll(async () => {
    const [db, fake] = await Promise.all([createTestDb(), startStripeFake()]);
    started = { db, fake, stripe: fake.client() };
  });
  afterEach(() => started?.fake.clearFaults());
  afterAll(async () => {
    await started?.fake.close();
    await closeTestDb(started?.db);
  });

  const ready = (): StripeTestDb => {
    // Read at module level, a field would be undefined; say where it went wrong instead.
    if (!started) throw new Error("setupStripeTestDb() is read before its beforeAll ran");
    return started;
  };
  return {
    get db() {
      return ready().db;
    },
    get fake() {
      return ready().fake;
    },
    get stripe() {
      return ready().stripe;
    },
  };
}
