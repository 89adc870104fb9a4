/**
 * Statements per request, counted at two dataset sizes: a list whose statement count grows with
 * the data runs a query per row. Each probe is one service call the pages and calls make, with
 * inputs of the same shape at every size (a product that has reviews, the largest farm...).
 * Only `run` is counted; `prepare` and `cleanup` use the raw pool outside the count.
 */
import { randomUUID } from "node:crypto";
import { countStatements } from "../lib/statements";
import {
  cleanupMoneySweep,
  prepareMoneySweep,
  sweep,
  type MoneySweepSetup,
} from "../payments/money-sweep";
import type { DbContext } from "./context";
import {
  deepestContactsCursor,
  messagingFacts,
  probes,
  seedResellerTransactions,
  svc,
} from "./scenarios";

export interface StatementProbe {
  name: string;
  prepare?: (ctx: DbContext) => Promise<unknown>;
  run: (ctx: DbContext, prepared: unknown) => Promise<unknown>;
  cleanup?: (ctx: DbContext, prepared: unknown) => Promise<void>;
}

async function firstReviewedProduct(ctx: DbContext): Promise<number> {
  const p = await probes(ctx);
  const id = p.productIds[0];
  if (id === undefined) throw new Error("no active product with reviews among the samples");
  return id;
}

interface CheckoutSetup {
  customer: { id: number; first_name: string; last_name: string; email: string; phone: string };
  checkoutKey: string;
  outboxMax: number;
}

export const STATEMENT_PROBES: StatementProbe[] = [
  {
    name: "product detail",
    prepare: firstReviewedProduct,
    run: async (ctx, id) => (await svc("productDetail"))(ctx.db, id),
  },
  {
    name: "product reviews page 1",
    prepare: firstReviewedProduct,
    run: async (ctx, id) => (await svc("listReviews"))(ctx.db, { productId: id, page: 1 }),
  },
  {
    name: "store profile",
    run: async (ctx) => (await svc("getStore"))(ctx.db, ctx.facts.largestFarmer.username),
  },
  {
    name: "store products page 1",
    run: async (ctx) =>
      (await svc("listStoreProducts"))(ctx.db, {
        username: ctx.facts.largestFarmer.username,
        viewMode: "public",
        page: 1,
        viewerId: null,
      }),
  },
  {
    name: "latest products",
    run: async (ctx) => (await svc("listProducts"))(ctx.db, { sortType: "latest" }),
  },
  {
    name: "popular products",
    run: async (ctx) => (await svc("listProducts"))(ctx.db, { sortType: "popular" }),
  },
  {
    name: "search two terms",
    run: async (ctx) => (await svc("listProducts"))(ctx.db, { keyword: ctx.facts.search.twoTerms }),
  },
  {
    // A typo the process has not corrected yet: the correction lookup, then the search.
    name: "search typo",
    prepare: async () => {
      const { forgetKeywordCorrections } = (await import("@/server/catalog/search-keyword")) as {
        forgetKeywordCorrections: () => void;
      };
      forgetKeywordCorrections();
    },
    run: async (ctx) => (await svc("listProducts"))(ctx.db, { keyword: ctx.facts.search.typo }),
  },
  {
    name: "My Local 25 km",
    run: async (ctx) =>
      (await svc("listProducts"))(ctx.db, { near: { ...ctx.facts.hotspot, radiusKm: 25 } }),
  },
  {
    name: "farmers list page 1",
    run: async (ctx) => (await svc("listMerchants"))(ctx.db, { page: 1 }),
  },
  {
    name: "farmers top rated",
    run: async (ctx) => (await svc("listMerchants"))(ctx.db, { page: 1, sortType: "rating" }),
  },
  {
    name: "farmers keyword",
    run: async (ctx) => (await svc("listMerchants"))(ctx.db, { keyword: "ridge" }),
  },
  {
    name: "My Local no limit",
    run: async (ctx) =>
      (await svc("listProducts"))(ctx.db, { near: { ...ctx.facts.hotspot, radiusKm: 0 } }),
  },
  {
    name: "search exact name",
    run: async (ctx) => (await svc("listProducts"))(ctx.db, { keyword: "tomatoes" }),
  },
  {
    name: "search exact name, Popular",
    run: async (ctx) =>
      (await svc("listProducts"))(ctx.db, { keyword: "tomatoes", sortType: "popular" }),
  },
  {
    name: "received orders page 1",
    run: async (ctx) =>
      (await svc("listReceivedOrders"))(ctx.db, {
        merchantId: ctx.facts.largestFarmer.id,
        page: 1,
        perPage: 10,
        keyword: "",
      }),
  },
  {
    name: "admin order search, an email",
    run: async (ctx) =>
      (await svc("findOrdersByKeyword"))(ctx.db, { keyword: ctx.facts.largestCustomer.email }),
  },
  {
    name: "admin member search, an email",
    run: async (ctx) =>
      (await svc("findMembersByKeyword"))(ctx.db, { keyword: ctx.facts.largestCustomer.email }),
  },
  {
    name: "resellers page 1",
    prepare: seedResellerTransactions,
    run: async (ctx) => (await svc("listResellers"))(ctx.db, { page: 1 }),
  },
  {
    name: "reseller transactions, a date range",
    prepare: seedResellerTransactions,
    run: async (ctx) =>
      (await svc("listResellerTransactions"))(ctx.db, {
        page: 1,
        resellerKeyword: null,
        dateFrom: "2025-12-01T00:00:00",
        dateTo: "2025-12-31T23:59:59",
      }),
  },
  {
    name: "reseller transactions, an email and a date range",
    prepare: seedResellerTransactions,
    run: async (ctx) =>
      (await svc("listResellerTransactions"))(ctx.db, {
        page: 1,
        resellerKeyword: "bench.reseller3@example.com",
        dateFrom: "2025-12-01T00:00:00",
        dateTo: "2025-12-31T23:59:59",
      }),
  },
  {
    name: "contacts page 1",
    run: async (ctx) =>
      (await svc("listConversations"))(ctx.db, { memberId: messagingFacts(ctx).largestFarmer.id }),
  },
  {
    name: "contacts deep page",
    prepare: async (ctx) => deepestContactsCursor(ctx, messagingFacts(ctx).largestFarmer.id),
    run: async (ctx, deep) =>
      (await svc("listConversations"))(ctx.db, {
        memberId: messagingFacts(ctx).largestFarmer.id,
        cursor: (deep as { cursor: string | null }).cursor ?? undefined,
      }),
  },
  {
    name: "latest 20 messages",
    run: async (ctx) => {
      const big = messagingFacts(ctx).largestConversation;
      return (await svc("listMessages"))(ctx.db, {
        memberId: big.merchantId,
        conversationId: big.id,
      });
    },
  },
  {
    name: "unread count",
    run: async (ctx) =>
      (await svc("countUnreadConversations"))(ctx.db, messagingFacts(ctx).largestFarmer.id),
  },
  {
    name: "placed orders page 1",
    run: async (ctx) =>
      (await svc("listPlacedOrders"))(ctx.db, {
        customerId: ctx.facts.largestCustomer.id,
        page: 1,
        perPage: 10,
        keyword: "",
      }),
  },
  {
    name: "checkout, 3 lines",
    prepare: async (ctx): Promise<CheckoutSetup> => {
      const { rows: products } = await ctx.raw.query<{ id: number }>(
        // Three lines from three farms at every size.
        `select distinct on (merchant_id) id from products
         where status = 'active' and in_stock and pay_in_person and currency = 'CAD'
         order by merchant_id, id limit 3`,
      );
      const { rows } = await ctx.raw.query<CheckoutSetup["customer"]>(
        `select id, first_name, last_name, email, phone from members
         where member_type = 'customer' and currency = 'CAD' order by id desc limit 1`,
      );
      const customer = rows[0];
      if (!customer || products.length < 3) throw new Error("no CAD customer or products");
      await ctx.raw.query("delete from cart_items where member_id = $1", [customer.id]);
      for (const p of products)
        await ctx.raw.query(
          "insert into cart_items (member_id, product_id, qty) values ($1, $2, 1)",
          [customer.id, p.id],
        );
      const { rows: outbox } = await ctx.raw.query<{ max: number | null }>(
        "select max(id) as max from email_outbox",
      );
      return { customer, checkoutKey: randomUUID(), outboxMax: outbox[0]?.max ?? 0 };
    },
    run: async (ctx, prepared) => {
      const { customer, checkoutKey } = prepared as CheckoutSetup;
      return (await svc("placeOrder"))(ctx.db, {
        customerId: customer.id,
        checkoutKey,
        delivery: {
          deliveryDestination: "store",
          firstName: customer.first_name,
          lastName: customer.last_name,
          email: customer.email,
          phone: customer.phone,
        },
      });
    },
    cleanup: async (ctx, prepared) => {
      const { customer, checkoutKey, outboxMax } = prepared as CheckoutSetup;
      await ctx.raw.query("delete from orders where checkout_key = $1", [checkoutKey]);
      await ctx.raw.query("delete from cart_items where member_id = $1", [customer.id]);
      await ctx.raw.query("delete from email_outbox where id > $1", [outboxMax]);
    },
  },
  {
    // The reconciler (decision 0037) on the dataset as generated, the fake's lists empty: every
    // read goes through a partial index of rows in non-final states, at every size.
    name: "money sweep, nothing to do",
    prepare: prepareMoneySweep,
    run: (ctx, setup) => sweep(ctx, setup as MoneySweepSetup),
    cleanup: (ctx, setup) => cleanupMoneySweep(ctx, setup as MoneySweepSetup),
  },
];

/**
 * Runs a probe twice (the first call warms imports and once-per-process work such as moving the
 * sales window) and returns the statements of the second call.
 */
export async function countProbe(ctx: DbContext, probe: StatementProbe): Promise<number> {
  let count = 0;
  for (let pass = 0; pass < 2; pass++) {
    const prepared = probe.prepare ? await probe.prepare(ctx) : undefined;
    try {
      count = await countStatements(() => probe.run(ctx, prepared));
    } finally {
      await probe.cleanup?.(ctx, prepared);
    }
  }
  return count;
}
