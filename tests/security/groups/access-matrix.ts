/**
 * The access matrix: every protected call of the OpenAPI document (served by the app itself,
 * generated from the routes) × visitor, customer, farmer and admin, then calls on another member's
 * things. A refused call changes nothing: the database is fingerprinted before and after the
 * refused calls, and each cross-member attempt reads its target back.
 */
import type { Answer } from "../harness";
import type { GroupContext } from "./index";

type OpenApiOperation = { "x-roles"?: string[]; responses?: Record<string, { content?: object }> };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const PASSWORD = "Harvest2026!";
const ROLES = ["customer", "merchant", "admin"] as const;
const ACCOUNTS = { customer: "demo_customer", merchant: "maple_ridge_farm", admin: "admin" };
/** Tables that refused calls may legitimately touch (budgets, a session's last use). */
const VOLATILE_TABLES = new Set(["rate_limit_buckets"]);

export async function accessMatrixGroup({ app, env, tally }: GroupContext): Promise<void> {
  const documentAnswer = await app.call("/api/openapi.json");
  tally.inspect("openapi.json", documentAnswer);
  const document = documentAnswer.json as OpenApiDocument;
  const sessions = Object.fromEntries(
    await Promise.all(
      ROLES.map(async (role) => [role, await app.signIn(ACCOUNTS[role], PASSWORD)] as const),
    ),
  ) as Record<(typeof ROLES)[number], Map<string, string>>;

  const fingerprint = async () => {
    const tables = await env.sql<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by 1",
    );
    const prints = new Map<string, string>();
    for (const { name } of tables) {
      if (VOLATILE_TABLES.has(name) || name.startsWith("__drizzle")) continue;
      const [row] = await env.sql<{ print: string | null }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from "${name}" t`,
      );
      prints.set(name, row!.print ?? "");
    }
    return prints;
  };
  const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
    [...before].filter(([name, print]) => after.get(name) !== print).map(([name]) => name);

  const before = await fingerprint();
  for (const [template, methods] of Object.entries(document.paths)) {
    const path = template.replace(/\{[^}]+\}/g, "1");
    for (const [method, operation] of Object.entries(methods)) {
      const roles = operation["x-roles"];
      if (!roles) continue;
      const label = `${method.toUpperCase()} ${template}`;
      const call = (cookies?: Map<string, string>) =>
        app.call(path, {
          method: method.toUpperCase(),
          ...(method === "get" ? {} : { body: {} }),
          ...(cookies ? { cookies } : {}),
        });
      // "visitor": a public call that admits only some members (POST /api/location).
      if (!roles.includes("visitor")) {
        const visitor = await call();
        tally.inspect(`${label} as a visitor`, visitor);
        tally.attempt(`${label} as a visitor`, visitor.status === 401, `${visitor.status}`);
      }
      for (const role of ROLES) {
        if (roles.includes("member") || roles.includes(role)) continue;
        const answer = await call(sessions[role]);
        tally.inspect(`${label} as ${role}`, answer);
        tally.attempt(`${label} as ${role}`, answer.status === 403, `${answer.status}`);
      }
    }
  }
  const after = await fingerprint();
  const changed = changedTables(before, after);
  tally.expect("refused calls changed nothing", changed.length === 0, changed.join(", "));

  // The allowed roles get through (reads only: a write with an empty body would be a 4xx anyway).
  for (const [template, methods] of Object.entries(document.paths)) {
    const operation = methods.get;
    const roles = operation?.["x-roles"];
    if (!roles || template.includes("{") || template.endsWith("/stream")) continue;
    for (const role of ROLES) {
      if (!roles.includes("member") && !roles.includes(role)) continue;
      const answer = await app.call(template, { cookies: sessions[role] });
      tally.inspect(`GET ${template} as ${role}`, answer);
      tally.expect(
        `GET ${template} lets ${role} in`,
        answer.status !== 401 && answer.status !== 403,
        `${answer.status}`,
      );
    }
  }

  await otherMembersThings({ app, env, tally }, sessions);
}

/** Calls on another member's things: refused, and the thing reads back unchanged. */
async function otherMembersThings(
  { app, env, tally }: GroupContext,
  sessions: Record<"customer" | "merchant" | "admin", Map<string, string>>,
): Promise<void> {
  const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await env.sql<T>(text, values))[0];
  const rowText = async (table: string, id: number) =>
    JSON.stringify(await one(`select * from "${table}" where id = $1`, [id]));
  const otherFarm = await app.signIn("caledon_hills_orchard", PASSWORD);
  const farmId = (await one<{ id: number }>("select id from members where username = $1", [
    "maple_ridge_farm",
  ]))!.id;
  const customerId = (await one<{ id: number }>("select id from members where username = $1", [
    "demo_customer",
  ]))!.id;

  const refusedAndUnchanged = async (
    label: string,
    table: string,
    id: number | undefined,
    send: () => Promise<Answer>,
  ) => {
    if (id === undefined) {
      tally.fail(`${label}: the demo has no such row to attack`);
      return;
    }
    const before = await rowText(table, id);
    const answer = await send();
    tally.inspect(label, answer);
    const after = await rowText(table, id);
    tally.attempt(
      label,
      (answer.status === 403 || answer.status === 404) && before === after,
      `${answer.status} ${answer.text.slice(0, 120)}${before === after ? "" : " and the row changed"}`,
    );
    // Nothing of the row leaks in the refusal.
    tally.expect(
      `${label}: the refusal shows none of the row`,
      !answer.text.includes(`"id":${id},`),
    );
  };

  const product = await one<{ id: number }>(
    "select id from products where merchant_id = $1 and status = 'active' order by id limit 1",
    [farmId],
  );
  for (const action of ["delete", "activate", "remove"])
    await refusedAndUnchanged(`another farm's product: ${action}`, "products", product?.id, () =>
      app.call(`/api/products/${product!.id}/${action}`, { method: "POST", cookies: otherFarm }),
    );
  await refusedAndUnchanged(
    "another farm's product: read for editing",
    "products",
    product?.id,
    () => app.call(`/api/products/${product!.id}/byUser`, { cookies: otherFarm }),
  );
  // A valid form (tests/product-form.ts), so only the owner check can refuse it.
  const form = new FormData();
  for (const [name, value] of Object.entries({
    id: String(product?.id),
    name: "Taken over",
    detail: "Another farm's words.",
    price: "1.00",
    weightRequired: "false",
    deliveryService: "false",
    inStock: "true",
    payInPerson: "true",
    payByCard: "false",
  }))
    form.set(name, value);
  await refusedAndUnchanged("another farm's product: update", "products", product?.id, () =>
    app.call("/api/products/update", { body: form, cookies: otherFarm }),
  );

  const order = await one<{ id: number; order_no: string }>(
    "select id, order_no from orders where customer_id <> $1 order by id limit 1",
    [customerId],
  );
  await refusedAndUnchanged("another customer's order: view", "orders", order?.id, () =>
    app.call(`/api/orders/${order!.order_no}/view`, { cookies: sessions.customer }),
  );
  await refusedAndUnchanged("another customer's order: cancel", "orders", order?.id, () =>
    app.call(`/api/orders/${order!.order_no}/cancel`, {
      method: "POST",
      cookies: sessions.customer,
    }),
  );

  const line = await one<{ id: number; order_id: number }>(
    "select id, order_id from order_items where merchant_id = $1 order by id limit 1",
    [farmId],
  );
  await refusedAndUnchanged("another farm's order line: status", "order_items", line?.id, () =>
    app.call("/api/orders/updateStatus", {
      body: { order_id: line!.id, order_status: "ready_for_pickup" },
      cookies: otherFarm,
    }),
  );

  const review = await one<{ id: number }>(
    "select id from reviews where member_id <> $1 order by id limit 1",
    [customerId],
  );
  await refusedAndUnchanged("another member's review: delete", "reviews", review?.id, () =>
    app.call(`/api/reviews/${review!.id}`, { method: "DELETE", cookies: sessions.customer }),
  );

  const conversation = await one<{ id: number }>(
    "select id from conversations where customer_id is distinct from $1 order by id limit 1",
    [customerId],
  );
  if (conversation) {
    await refusedAndUnchanged(
      "another member's conversation: read",
      "conversations",
      conversation.id,
      () =>
        app.call(`/api/messages/conversations/${conversation.id}/messages`, {
          cookies: sessions.customer,
        }),
    );
    await refusedAndUnchanged(
      "another member's conversation: write",
      "conversations",
      conversation.id,
      () =>
        app.call(`/api/messages/conversations/${conversation.id}/messages`, {
          body: { message: "hello from a stranger" },
          cookies: sessions.customer,
        }),
    );
    await refusedAndUnchanged(
      "another member's conversation: delete",
      "conversations",
      conversation.id,
      () =>
        app.call(`/api/messages/conversations/${conversation.id}`, {
          method: "DELETE",
          cookies: sessions.customer,
        }),
    );
  }
}
