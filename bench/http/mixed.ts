/**
 * The mixed load (issue 7, scenario 10): home 20 %, product 40 %, My Local 20 %, search 15 %,
 * checkout 5 %, from 16 concurrent clients for the given time. Checkouts are real: each one first
 * puts a product in that customer's cart (directly in the database, not timed), then posts the
 * pay-in-person checkout. Every order is removed afterwards.
 *
 * Nobody signs in through the login call: sixteen sign-ins from one address trip the sign-in rate
 * limit (429). Sessions are minted (`mintSession`): pages get the `_token` cookie they read, the
 * checkout call a bearer token. The order-placed mails go out after the checkout's answer, so
 * they are not in its time, but the server still does them within the load.
 */
import { randomUUID } from "node:crypto";
import type { DbContext } from "../db/context";
import type { Report } from "../lib/report";
import { percentile } from "../lib/stats";
import type { BuildRoutes } from "./pages";
import type { Server } from "./servers";
import { mintSession, type Session } from "./session";

type Kind = "home" | "product" | "my local" | "search" | "checkout";
const WEIGHTS: [Kind, number][] = [
  ["home", 20],
  ["product", 40],
  ["my local", 20],
  ["search", 15],
  ["checkout", 5],
];

export async function mixedLoad(
  ctx: DbContext,
  report: Report,
  app: Server,
  routes: BuildRoutes,
  {
    durationS,
    clients = 16,
    productIds: givenIds,
    scenario = "mixed load (HTTP)",
  }: {
    durationS: number;
    clients?: number;
    /** The products asked for (default: the 2,000 best sellers). */
    productIds?: number[];
    /** The report's scenario name. */
    scenario?: string;
  },
): Promise<void> {
  routes.require("dashboard", "product", "search", "checkout");
  const { rows: productRows } = givenIds
    ? { rows: [] }
    : await ctx.raw.query<{ id: number }>(
        "select id from products where status = 'active' order by units_sold_90d desc, id limit 2000",
      );
  const productIds = givenIds ?? productRows.map((r) => r.id);
  const { rows: cartProducts } = await ctx.raw.query<{ id: number }>(
    `select id from products where status = 'active' and in_stock and pay_in_person and currency = 'CAD' order by id limit 50`,
  );
  const { rows: buyers } = await ctx.raw.query<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
  }>(
    `select id, first_name, last_name, email, phone from members
     where member_type = 'customer' and currency = 'CAD' and phone is not null order by id limit 16 offset 40`,
  );
  const { rows: locals } = await ctx.raw.query<{ email: string }>(
    `select m.email from local_locations l join members m on m.id = l.member_id
     where l.radius_km between 10 and 50 and l.latitude between $1::float8 - 0.3 and $1::float8 + 0.3
       and l.longitude between $2::float8 - 0.4 and $2::float8 + 0.4 order by m.id limit 8`,
    [ctx.facts.hotspot.latitude, ctx.facts.hotspot.longitude],
  );
  const buyerSessions = await Promise.all(buyers.map((b) => mintSession(ctx, b.email)));
  const localSessions = await Promise.all(locals.map((l) => mintSession(ctx, l.email)));
  // Without them "My Local" would quietly measure the anonymous list.
  if (buyerSessions.length === 0 || localSessions.length === 0) {
    throw new Error("no CAD buyers, or no customers with a saved location near the hotspot");
  }
  const terms = [
    ctx.facts.search.twoTerms,
    ctx.facts.search.commonTerm,
    ctx.facts.search.rareTerm,
    ctx.facts.search.typo,
    "honey",
    "garlic",
  ];

  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const pick = (): Kind => {
    let r = rand() * total;
    for (const [kind, w] of WEIGHTS) if ((r -= w) < 0) return kind;
    return "home";
  };

  const times: number[] = [];
  const byKind: Record<string, number[]> = {};
  let errors = 0;
  const errorSamples = new Set<string>();
  const keys: string[] = [];
  const { rows: outbox } = await ctx.raw.query<{ max: number | null }>(
    "select max(id) as max from email_outbox",
  );
  const deadline = performance.now() + durationS * 1000;
  let n = 0;

  const one = async (worker: number): Promise<void> => {
    const kind = pick();
    let request: () => Promise<Response>;
    const i = n++;
    if (kind === "home") request = () => fetch(`${app.origin}/`);
    else if (kind === "product")
      request = () =>
        fetch(`${app.origin}/products/${productIds[Math.floor(rand() * productIds.length)]}`);
    else if (kind === "my local") {
      const s = localSessions[i % localSessions.length] as Session;
      request = () => fetch(`${app.origin}/products/filtered`, { headers: { cookie: s.cookie } });
    } else if (kind === "search")
      request = () =>
        fetch(
          `${app.origin}/products/filtered?keyword=${encodeURIComponent(terms[i % terms.length] as string)}`,
        );
    else {
      const b = buyers[worker % buyers.length] as (typeof buyers)[number];
      const s = buyerSessions[worker % buyerSessions.length] as Session;
      const product = cartProducts[i % cartProducts.length] as { id: number };
      await ctx.raw.query(
        "insert into cart_items (member_id, product_id, qty) values ($1, $2, 1) on conflict (member_id, product_id) do nothing",
        [b.id, product.id],
      );
      const checkoutKey = randomUUID();
      keys.push(checkoutKey);
      request = () =>
        fetch(`${app.origin}/api/checkout/inPerson`, {
          method: "POST",
          headers: { authorization: `Bearer ${s.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            checkoutKey,
            delivery: {
              deliveryDestination: "store",
              firstName: b.first_name,
              lastName: b.last_name,
              email: b.email,
              phone: b.phone,
            },
          }),
        });
    }
    const t = performance.now();
    try {
      const res = await request();
      await res.arrayBuffer();
      const ms = performance.now() - t;
      times.push(ms);
      (byKind[kind] ??= []).push(ms);
      if (!res.ok) {
        errors++;
        errorSamples.add(`${kind} ${res.status}`);
      }
    } catch (error) {
      errors++;
      errorSamples.add(`${kind} ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  try {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, worker) => {
        while (performance.now() < deadline) await one(worker);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const kinds = Object.entries(byKind)
      .map(
        ([k, list]) =>
          `${k} p95 ${percentile(
            list.sort((a, b) => a - b),
            95,
          ).toFixed(0)} ms`,
      )
      .join(", ");
    report.add(`${scenario}:req/s`, times.length / seconds, {
      unit: "req/s",
      note: `${clients} clients, ${Math.round(seconds)} s`,
    });
    report.add(`${scenario}:p95`, percentile(times, 95), { unit: "ms", note: kinds });
    report.add(`${scenario}:errors`, errors, {
      note: [...errorSamples].slice(0, 5).join("; "),
    });
  } finally {
    await ctx.raw.query("delete from orders where checkout_key = any($1::text[])", [keys]);
    await ctx.raw.query("delete from cart_items where member_id = any($1::int[])", [
      buyers.map((b) => b.id),
    ]);
    await ctx.raw.query("delete from email_outbox where id > $1", [outbox[0]?.max ?? 0]);
  }
}
