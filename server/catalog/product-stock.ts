import "server-only";
import { revalidateTag } from "next/cache";
import { sql, type SQL } from "drizzle-orm";
import { afterCommit } from "@/server/base/follow-ups";
import { sendBackInStockMails } from "@/server/cart/send-back-in-stock-mails";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import { farmsClosedBy, placesGivenBack } from "@/server/pickup/pickup-slots";
import { CACHE_TAGS } from "./cache-tags";
import { purgeCacheProxy } from "./purge-cache-proxy";

/**
 * Stock by quantity on the server (decision 0042): what every writer of `products.available_qty`
 * shares. An order takes its lines' stock in the statement that writes it (server/checkout); a
 * cancel, a refund or an expired card hold gives back what was not handed over through
 * `giveBackStock`; both then follow the change with `followStockChanges` (the cached pages and
 * the Dream Tracker's back-in-stock mails).
 */

/** The check that keeps stock from going below 0: the last guard of every take. */
export const STOCK_CONSTRAINT = "products_available_qty_non_negative";

/**
 * True when `error` is PostgreSQL refusing a take that would leave less than nothing: another
 * order took the stock between the statement's snapshot and its row lock. The statement wrote
 * nothing (it is all or nothing); the caller reads and checks again.
 */
export function isStockShortError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const pg = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (
      pg.code === "23514" &&
      `${pg.constraint ?? ""} ${pg.message ?? ""}`.includes(STOCK_CONSTRAINT)
    )
      return true;
    e = pg.cause;
  }
  return false;
}

/** A product whose stock an order, a cancel or a hold changed: its pages and lists go stale. */
export type StockChange = {
  productId: number;
  username: string;
  /** It had no whole unit left (or was switched out of stock) and has one now. */
  cameBack: boolean;
  /** It had a whole unit left and has none now. */
  soldOut: boolean;
};

type ChangeRow = { id: number; username: string; came_back: boolean; sold_out: boolean };

/**
 * The changes as one json value, from the rows an update of products returned: (id, merchant_id,
 * status, in_stock, unit_weight, available_qty, delta), `delta` what was added (negative for a
 * take), so the quantity before was `available_qty - delta`.
 */
export function stockChangeRows(changed: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', c.id, 'username', m.username,
      'came_back', c.status = 'active' and c.in_stock
        and c.available_qty - c.delta < c.unit_weight and c.available_qty >= c.unit_weight,
      'sold_out', c.available_qty - c.delta >= c.unit_weight and c.available_qty < c.unit_weight)
      order by c.id), '[]'::json)
    from ${changed} c join members m on m.id = c.merchant_id)`;
}

export function toStockChanges(rows: readonly ChangeRow[] | null | undefined): StockChange[] {
  return (rows ?? []).map((row) => ({
    productId: row.id,
    username: row.username,
    cameBack: row.came_back,
    soldOut: row.sold_out,
  }));
}

/**
 * Gives stock back in one statement. `freed` is the start of a WITH list that ends in a query
 * named `freed` with columns (product_id, amount): the lines or holds it releases, marked released
 * in that same statement, so a release happens once however often it is asked. The products are
 * locked in id order and each gets its amount back; a product switched to unlimited since keeps
 * unlimited. `counted` is a number the caller wants back (how many holds were released).
 *
 * @returns the products whose stock changed, and `counted`
 */
export async function giveBackStock(
  db: Db,
  freed: SQL,
  counted: SQL = sql`0`,
): Promise<{ changes: StockChange[]; counted: number }> {
  const { rows } = await db.execute<{ counted: number; changes: ChangeRow[] | null }>(sql`
    with ${freed},
    back as (select product_id, sum(amount) as amount from freed group by product_id),
    locked as (
      select p.id from products p where p.id in (select product_id from back)
      order by p.id for update),
    given as (
      update products p set available_qty = p.available_qty + back.amount
      from back
      where p.id = back.product_id and p.id in (select id from locked)
        and p.available_qty is not null
      returning p.id, p.merchant_id, p.status, p.in_stock, p.unit_weight, p.available_qty,
        back.amount as delta)
    select ${counted}::int as counted, ${stockChangeRows(sql`given`)} as changes`);
  const row = rows[0];
  return { changes: toStockChanges(row?.changes), counted: Number(row?.counted ?? 0) };
}

/**
 * Gives back what the order lines `lineIds` took and still hold (a cancel, a farmer's `cancelled`
 * or `refunded`, an admin's cancel), except what was handed over: a line the farm confirmed (the
 * QR handover) or marked `customer_received` keeps it, the goods are gone. Call it before the
 * line's status changes. Once per line (`stock_released_at`).
 *
 * In the same statement, a farm whose every line in the order closes with these (and none was
 * handed over) gives its pickup window's place back (decision 0050), once (`took_slot`).
 */
export async function releaseLineStock(db: Db, lineIds: readonly number[]): Promise<StockChange[]> {
  if (lineIds.length === 0) return [];
  const ids = sql`${`{${lineIds.map((id) => Math.trunc(id)).join(",")}}`}::int[]`;
  const { changes } = await giveBackStock(
    db,
    sql`${placesGivenBack(farmsClosedBy(ids))},
    freed as (
      update order_items set stock_released_at = now()
      where id = any(${ids})
        and stock_taken is not null and stock_released_at is null
        and confirmed_at is null and status <> 'customer_received'
      returning product_id, stock_taken as amount)`,
  );
  return changes;
}

/**
 * Gives back what card orders awaiting payment hold (`orders.stock_held_until` set): those that
 * match `where` (over `orders o`). Once per order: the hold is cleared in the same statement.
 * The hold covers the places the order took in pickup windows with a capacity (decision 0050):
 * they go back in that statement too.
 *
 * @returns the products whose stock changed and how many orders let their hold go
 */
export async function releaseCardHolds(db: Db, where: SQL) {
  return giveBackStock(
    db,
    sql`released as (
      update orders o set stock_held_until = null
      where o.stock_held_until is not null and ${where}
      returning o.id, o.pending_lines),
    ${placesGivenBack(sql`op.order_id in (select id from released)`)},
    freed as (
      select l."productId" as product_id, l."stockTaken"::numeric as amount
      from released, jsonb_to_recordset(coalesce(released.pending_lines, '[]'::jsonb))
        as l("productId" int, "stockTaken" text)
      where l."stockTaken" is not null)`,
    sql`(select count(*) from released)`,
  );
}

/**
 * What follows a stock change once it committed: the product's page and its store page are
 * expired (the count, "Only N left", the picker's cap), and the lists too when it sold out or came
 * back (SOLD OUT on the cards); a product that came back mails the members keeping it in their
 * Dream Tracker. After the answer: the buyer does not wait for pages they are not looking at.
 */
export async function followStockChanges(
  executor: Db,
  changes: readonly StockChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await afterCommit(executor, "stock pages", async () => expireStockPages(changes));
  const back = changes.filter((change) => change.cameBack).map((change) => change.productId);
  if (back.length > 0)
    await afterCommit(executor, "back-in-stock mails", (db) => sendBackInStockMails(db, back));
}

/**
 * Expires the pages that show these products' stock. Outside a request (the reconciler, a
 * script, a test) Next has no cache to expire here: the pages of limited products are cached for
 * minutes, not hours, so they catch up on their own (getCachedProductDetail).
 */
export function expireStockPages(changes: readonly StockChange[]): void {
  const tags = new Set<string>();
  for (const change of changes) {
    tags.add(CACHE_TAGS.product(change.productId));
    tags.add(CACHE_TAGS.store(change.username));
    if (change.cameBack || change.soldOut) tags.add(CACHE_TAGS.PRODUCT_LISTS);
  }
  // The proxy needs no request: its pages are purged from anywhere (decision 0055).
  purgeCacheProxy(tags);
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch (error) {
    if (error instanceof Error && error.message.includes("static generation store missing")) {
      log.debug({ tags: [...tags] }, "no request: stock pages catch up with their cache life");
      return;
    }
    throw error;
  }
}
