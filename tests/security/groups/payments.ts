/**
 * Payments (issue 22): forged, re-signed, stale and replayed webhooks on both Stripe endpoints, and
 * amounts the client tries to set on a card checkout. A forged event changes nothing; a real one
 * is processed once however often it comes; the PaymentIntent always carries the server's amount.
 */
import { createHash, randomBytes } from "node:crypto";
import Stripe from "stripe";
import { STRIPE } from "../environment";
import type { Answer } from "../harness";
import type { Group, GroupContext } from "./index";

const PASSWORD = "Harvest2026!";
const ENDPOINTS = [
  { path: "/api/stripe/webhook", secret: STRIPE.webhook, other: STRIPE.connectWebhook },
  { path: "/api/stripe/connect-webhook", secret: STRIPE.connectWebhook, other: STRIPE.webhook },
] as const;

const now = () => Math.floor(Date.now() / 1000);
const sign = (payload: string, secret: string, timestamp = now()) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

function event(type: string, object: Record<string, unknown>, account?: string) {
  return {
    id: `evt_security_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
    ...(account ? { account } : {}),
  };
}

async function deliver(
  { app, tally }: GroupContext,
  label: string,
  path: string,
  payload: string,
  signature: string | null,
  header = "stripe-signature",
): Promise<Answer> {
  const answer = await app.call(path, {
    body: payload,
    contentType: "application/json; charset=utf-8",
    origin: null,
    headers: signature === null ? {} : { [header]: signature },
  });
  tally.inspect(label, answer);
  return answer;
}

/**
 * A checkout awaiting payment for demo_customer (a by-card product in the cart), whose intent a
 * forged `payment_intent.succeeded` would try to mark paid.
 */
async function openCardCheckout(context: GroupContext) {
  const { app, env, tally } = context;
  const customer = await app.signIn("demo_customer", PASSWORD);
  const [member] = await env.sql<{
    id: number;
    currency: string;
    first_name: string;
    last_name: string;
    email: string;
  }>(
    "select id, currency, first_name, last_name, email from members where username = 'demo_customer'",
  );
  // The demo has no Stripe accounts: one farm gets a ready payout account and sells by card, and a
  // product of another farm is priced in the other currency (a cart mixing them must be refused).
  const other = member!.currency === "USD" ? "CAD" : "USD";
  await env.sql(
    `update members set payout_acct_set = true, stripe_account_id = 'acct_security_' || username
     where username in ('stouffville_berry_patch', 'guelph_valley_gardens')`,
  );
  await env.sql(
    `update products set pay_by_card = true, in_stock = true
     where merchant_id = (select id from members where username = 'stouffville_berry_patch')`,
  );
  await env.sql(
    `update products set pay_by_card = true, in_stock = true, currency = $1
     where id = (select min(p.id) from products p join members m on m.id = p.merchant_id
                 where m.username = 'guelph_valley_gardens' and p.status = 'active')`,
    [other],
  );
  const products = await env.sql<{ p_key: string; currency: string; unit_price_cents: number }>(
    `select p.p_key, p.currency, p.unit_price_cents from products p join members m on m.id = p.merchant_id
     where p.pay_by_card and p.status = 'active' and p.in_stock and m.payout_acct_set
     order by p.id`,
  );
  const home = products.filter((p) => p.currency === member!.currency);
  const foreign = products.find((p) => p.currency !== member!.currency);
  await env.sql("delete from cart_items where member_id = $1", [member!.id]);
  for (const [product, qty] of [
    [home[0], 2],
    [home[1], 1],
  ] as const) {
    if (!product) continue;
    const added = await app.call("/api/cart", {
      body: { pKey: product.p_key, qty },
      cookies: customer,
    });
    tally.inspect("cart add for the card checkout", added);
  }
  const delivery = {
    deliveryDestination: "store",
    firstName: member!.first_name,
    lastName: member!.last_name,
    email: member!.email,
    phone: "4165550142",
  };
  return { customer, member: member!, home, foreign, delivery };
}

/** What the server should charge: the member's by-card cart lines, price × quantity, in cents. */
async function serverAmount(context: GroupContext, memberId: number) {
  return context.env.sql<{ cents: number; currency: string }>(
    `select sum(p.unit_price_cents * c.qty)::int as cents, p.currency
     from cart_items c join products p on p.id = c.product_id join members m on m.id = p.merchant_id
     where c.member_id = $1 and p.pay_by_card and p.status = 'active' and p.in_stock
       and m.payout_acct_set
     group by p.currency`,
    [memberId],
  );
}

async function clientAmounts(context: GroupContext) {
  const { app, env, tally } = context;
  const { customer, member, home, foreign, delivery } = await openCardCheckout(context);
  tally.expect("the demo has a by-card product in the customer's currency", home.length > 0);
  if (home.length === 0) return null;
  const cart = home
    .slice(0, 2)
    .map((p, i) => ({ pKey: p.p_key, qty: i === 0 ? 2 : 1, unitPriceCents: p.unit_price_cents }));
  const first = cart[0]!;
  const tries: [string, Record<string, unknown>][] = [
    ["amount: 1", { amount: 1 }],
    ["amount: 0", { amount: 0 }],
    ["amount: -500", { amount: -500 }],
    ["price: 0.01", { price: 0.01 }],
    ["total and totalCents", { total: 0.01, totalCents: 1 }],
    ["amountCents and currency", { amountCents: 1, currency: "jpy" }],
    ["a fee below zero", { deliveryFee: -1000, handlingFeeAmtCents: -1000 }],
    ["Stripe's own fields", { payment_intent: { amount: 1 }, metadata: { order_id: "1" } }],
    [
      "__proto__ amount",
      JSON.parse(
        '{"__proto__": {"amount": 1}, "constructor": {"prototype": {"amount": 1}}}',
      ) as Record<string, unknown>,
    ],
    ["unit prices of 1 cent", { items: cart.map((item) => ({ ...item, unitPriceCents: 1 })) }],
    ["unit prices of 0", { items: cart.map((item) => ({ ...item, unitPriceCents: 0 })) }],
    ["a negative quantity", { items: [{ ...first, qty: -1 }] }],
    ["a zero quantity", { items: [{ ...first, qty: 0 }] }],
    ["a fractional quantity", { items: [{ ...first, qty: 1.5 }] }],
    ["a huge quantity", { items: [{ ...first, qty: 1e12 }] }],
    ["a quantity as text", { items: [{ ...first, qty: "2" }] }],
    ["a quantity other than the cart's", { items: [{ ...first, qty: 1 }] }],
    ["the same line twice", { items: [first, first] }],
    [
      "a line price in the item",
      { items: cart.map((item) => ({ ...item, lineTotalCents: 1, price: 0.01 })) },
    ],
    ["no lines", { items: [] }],
    ["a line not in the cart", { items: [{ pKey: "f".repeat(32), qty: 1 }] }],
  ];
  const check = async (label: string, extra: Record<string, unknown>) => {
    const answer = await app.call("/api/checkout/card", {
      body: { delivery, ...extra },
      cookies: customer,
    });
    tally.inspect(`card checkout, ${label}`, answer);
    if (answer.status >= 400 && answer.status < 500)
      return tally.attempt(`card checkout, ${label}`, true);
    const body = answer.json as
      { clientSecret?: string; amountCents?: number; orderNo?: string } | undefined;
    const intentId = body?.clientSecret?.split("_secret_")[0];
    const intent = env.stripe.list("payment_intent").find((pi) => pi.id === intentId);
    const [expected] = await serverAmount(context, member.id);
    const [order] = await env.sql<{ total_cents: number }>(
      "select total_cents from orders where order_no = $1",
      [body?.orderNo ?? ""],
    );
    tally.attempt(
      `card checkout, ${label}`,
      answer.status === 200 &&
        intent !== undefined &&
        intent.amount === expected?.cents &&
        String(intent.currency) === expected?.currency.toLowerCase() &&
        order?.total_cents === expected?.cents &&
        body?.amountCents === expected?.cents,
      `${answer.status}; intent ${String(intent?.amount)} ${String(intent?.currency)}, server ${JSON.stringify(expected)}, order ${order?.total_cents}: ${answer.text.slice(0, 120)}`,
    );
  };
  for (const [label, extra] of tries) await check(label, extra);

  // Quantities the cart itself is asked to hold.
  for (const qty of [-5, 0, 0.5, 1e9, "-1", "1e3", null, [2], { $gt: 0 }]) {
    const answer = await app.call(`/api/cart/${first.pKey}`, {
      method: "PATCH",
      body: { qty },
      cookies: customer,
    });
    tally.inspect(`cart quantity ${JSON.stringify(qty)}`, answer);
    tally.attempt(
      `cart quantity ${JSON.stringify(qty)}`,
      answer.status >= 400 && answer.status < 500,
      `${answer.status}`,
    );
  }
  // A product in another currency in the same cart: refused, or never added to this charge.
  if (foreign) {
    const added = await app.call("/api/cart", {
      body: { pKey: foreign.p_key, qty: 1 },
      cookies: customer,
    });
    tally.inspect("cart add of another currency", added);
    const both = await app.call("/api/checkout/card", {
      body: {
        delivery,
        items: [...cart.map(({ pKey, qty }) => ({ pKey, qty })), { pKey: foreign.p_key, qty: 1 }],
      },
      cookies: customer,
    });
    tally.inspect("card checkout with two currencies", both);
    tally.attempt(
      "card checkout with a product of another currency",
      both.status >= 400 && both.status < 500,
      `${both.status} ${both.text.slice(0, 120)}`,
    );
    const removed = await app.call(`/api/cart/${foreign.p_key}`, {
      method: "DELETE",
      cookies: customer,
    });
    tally.inspect("cart remove of another currency", removed);
  }
  // The plain checkout is accepted: the refusals above are the tampering's doing.
  const plain = await app.call("/api/checkout/card", { body: { delivery }, cookies: customer });
  tally.inspect("card checkout as the page sends it", plain);
  tally.expect(
    "card checkout as the page sends it is accepted",
    plain.status === 200,
    `${plain.status} ${plain.text.slice(0, 160)}`,
  );
  const secret = (plain.json as { clientSecret?: string } | undefined)?.clientSecret ?? "";
  const [order] = await env.sql<{
    id: number;
    order_no: string;
    payment_intent_id: string;
    total_cents: number;
    currency: string;
  }>(
    "select id, order_no, payment_intent_id, total_cents, currency from orders where payment_intent_id = $1",
    [secret.split("_secret_")[0]],
  );
  return order ?? null;
}

type OpenOrder = NonNullable<Awaited<ReturnType<typeof clientAmounts>>>;

async function webhookForgery(context: GroupContext, order: OpenOrder | null): Promise<void> {
  const { env, tally } = context;
  const state = async () =>
    JSON.stringify([
      await env.sql("select count(*)::int as n from stripe_events"),
      order
        ? await env.sql("select payment_status, paid_at from orders where id = $1", [order.id])
        : null,
      await env.sql("select count(*)::int as n from order_items"),
    ]);
  const intent = order
    ? {
        id: order.payment_intent_id,
        object: "payment_intent",
        amount: order.total_cents,
        amount_received: order.total_cents,
        currency: order.currency.toLowerCase(),
        status: "succeeded",
        metadata: { order_id: String(order.id), order_no: order.order_no },
      }
    : {
        id: "pi_security_none",
        object: "payment_intent",
        amount: 100,
        currency: "cad",
        status: "succeeded",
        metadata: {},
      };
  const account = {
    id: "acct_security_suite",
    object: "account",
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
  };
  // Events the fake sends on its own (the customer the checkout made) land first.
  await env.stripe.webhooksIdle();
  const before = await state();

  for (const endpoint of ENDPOINTS) {
    const connect = endpoint.path.includes("connect");
    const body = connect
      ? event("account.updated", account, account.id)
      : event("payment_intent.succeeded", intent);
    const payload = JSON.stringify(body);
    const altered = JSON.stringify({
      ...body,
      data: { object: { ...body.data.object, amount: 1 } },
    });
    const t = now();
    const hmacOnly = `t=${t},v1=${createHash("sha256").update(`${t}.${payload}`).digest("hex")}`;
    const forged: [string, string, string | null, string?][] = [
      ["no signature", payload, null],
      ["an empty signature", payload, ""],
      ["signed with another secret", payload, sign(payload, "whsec_not_the_real_secret")],
      ["signed with the other endpoint's secret", payload, sign(payload, endpoint.other)],
      ["a valid signature over another body", altered, sign(payload, endpoint.secret)],
      ["a stale timestamp (an hour old)", payload, sign(payload, endpoint.secret, t - 3600)],
      ["a timestamp past the tolerance (400 s)", payload, sign(payload, endpoint.secret, t - 400)],
      ["a future timestamp (an hour ahead)", payload, sign(payload, endpoint.secret, t + 3600)],
      ["a timestamp only", payload, `t=${t}`],
      ["a plain hash, no secret", payload, hmacOnly],
      ["the v0 scheme", payload, sign(payload, endpoint.secret).replace("v1=", "v0=")],
      [
        "the signature under another header",
        payload,
        sign(payload, endpoint.secret),
        "x-stripe-signature",
      ],
      [
        "a timestamp that is not a number",
        payload,
        sign(payload, endpoint.secret).replace(/t=\d+/, "t=abc"),
      ],
      ["the signature of an empty body", "", sign("", endpoint.secret)],
    ];
    for (const [label, sent, signature, header] of forged) {
      const answer = await deliver(
        context,
        `${endpoint.path}: ${label}`,
        endpoint.path,
        sent,
        signature,
        header,
      );
      tally.attempt(
        `${endpoint.path}: ${label}`,
        answer.status === 400,
        `${answer.status} ${answer.text.slice(0, 120)}`,
      );
    }
  }
  const after = await state();
  tally.expect("forged webhooks changed nothing", before === after, `${before} -> ${after}`);
  if (order) {
    const [row] = await env.sql<{ payment_status: string }>(
      "select payment_status from orders where id = $1",
      [order.id],
    );
    tally.expect(
      "the order a forged success named still awaits payment",
      row?.payment_status === "pending",
      JSON.stringify(row),
    );
  }

  // One valid event, delivered again and again (and at once): processed exactly once.
  for (const endpoint of ENDPOINTS) {
    const body = event("customer.created", { id: "cus_security_suite", object: "customer" });
    const payload = JSON.stringify(body);
    const first = await deliver(
      context,
      `${endpoint.path}: a valid event`,
      endpoint.path,
      payload,
      sign(payload, endpoint.secret),
    );
    tally.expect(
      `${endpoint.path}: a valid event is accepted`,
      first.status === 200,
      `${first.status} ${first.text.slice(0, 120)}`,
    );
    const again = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        deliver(
          context,
          `${endpoint.path}: replay ${i + 1}`,
          endpoint.path,
          payload,
          sign(payload, endpoint.secret),
        ),
      ),
    );
    const rows = await env.sql<{ n: number }>(
      "select count(*)::int as n from stripe_events where id = $1",
      [body.id],
    );
    const processedAgain = again.filter(
      (a) => (a.json as { duplicate?: unknown } | undefined)?.duplicate !== true,
    );
    tally.attempt(
      `${endpoint.path}: a valid event replayed 10 times at once`,
      rows[0]?.n === 1 && processedAgain.length === 0 && again.every((a) => a.status === 200),
      `${rows[0]?.n} rows; answers ${again.map((a) => `${a.status}${(a.json as { duplicate?: unknown } | undefined)?.duplicate ? "d" : ""}`).join(",")}`,
    );
  }
}

export const payments: Group = {
  name: "payments",
  async run(context) {
    const order = await clientAmounts(context);
    await webhookForgery(context, order);
  },
};
