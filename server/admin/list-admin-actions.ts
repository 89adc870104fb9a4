import "server-only";
import { desc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import {
  adminActions,
  contactMessages,
  members,
  moneyIssues,
  orderItems,
  orders,
  resellers,
  resellerTransactions,
  reviewReplies,
  reviews,
  products,
  type AdminAction,
} from "@/server/db/schema";

export const AUDIT_PAGE_SIZE = 20;

export type AdminActionEntry = {
  id: number;
  adminUsername: string;
  action: AdminAction;
  target: string;
  /** The record acted on, named for a person ("Member @maple_farm", "Order 8F3A… · Eggs"). */
  targetLabel: string;
  /** Where the record can be seen, when a page shows it. */
  targetHref: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

/**
 * The audit trail, newest first, 20 at a time: `before` is the id of the last entry already shown
 * (keyset paging on admin_actions_created_idx's order, so a new action never shifts the pages).
 * `nextBefore` is null on the last page.
 */
export async function listAdminActions(
  db: Db,
  { before }: { before?: number | undefined } = {},
): Promise<{ entries: AdminActionEntry[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      id: adminActions.id,
      adminUsername: members.username,
      action: adminActions.action,
      target: adminActions.target,
      before: adminActions.before,
      after: adminActions.after,
      createdAt: adminActions.createdAt,
    })
    .from(adminActions)
    .innerJoin(members, eq(members.id, adminActions.adminId))
    .where(before ? lt(adminActions.id, before) : undefined)
    // ids grow with time: the newest entry has the largest id
    .orderBy(desc(adminActions.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const named = await describeTargets(
    db,
    page.map((row) => row.target),
  );
  const entries = page.map((row) => ({
    ...row,
    ...(named.get(row.target) ?? { targetLabel: row.target, targetHref: null }),
    createdAt: row.createdAt.toISOString(),
  }));
  const last = entries.at(-1);
  return { entries, nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null };
}

type Described = { targetLabel: string; targetHref: string | null };

/**
 * Names the records of a page of the audit trail (issue 42): one query per kind of record on the
 * page, never one per entry. A record deleted since keeps its raw `{kind}:{id}`.
 */
async function describeTargets(db: Db, targets: string[]): Promise<Map<string, Described>> {
  const ids = (kind: string) =>
    [
      ...new Set(
        targets.filter((t) => t.startsWith(`${kind}:`)).map((t) => Number(t.split(":")[1])),
      ),
    ].filter((id) => Number.isSafeInteger(id) && id > 0);
  const named = new Map<string, Described>();
  const put = (kind: string, id: number, targetLabel: string, targetHref: string | null = null) =>
    named.set(`${kind}:${id}`, { targetLabel, targetHref });

  const memberIds = ids("member");
  if (memberIds.length > 0)
    for (const m of await db
      .select({ id: members.id, username: members.username, type: members.memberType })
      .from(members)
      .where(inArray(members.id, memberIds)))
      put(
        "member",
        m.id,
        `${m.type === "merchant" ? "Farm" : m.type === "admin" ? "Admin" : "Customer"} @${m.username}`,
        m.type === "merchant" ? `/stores/${encodeURIComponent(m.username)}` : null,
      );

  const lineIds = ids("order_item");
  if (lineIds.length > 0)
    for (const l of await db
      .select({ id: orderItems.id, orderNo: orders.orderNo, product: orderItems.productName })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inArray(orderItems.id, lineIds)))
      put("order_item", l.id, `Order ${l.orderNo} · ${l.product}`, "/orderManager");

  const resellerIds = ids("reseller");
  if (resellerIds.length > 0)
    for (const r of await db
      .select({ id: resellers.id, first: resellers.firstName, last: resellers.lastName })
      .from(resellers)
      .where(inArray(resellers.id, resellerIds)))
      put("reseller", r.id, `Reseller ${r.first} ${r.last}`, "/resellerManager");

  const transactionIds = ids("reseller_transaction");
  if (transactionIds.length > 0)
    for (const t of await db
      .select({
        id: resellerTransactions.id,
        first: resellers.firstName,
        last: resellers.lastName,
      })
      .from(resellerTransactions)
      .innerJoin(resellers, eq(resellers.id, resellerTransactions.resellerId))
      .where(inArray(resellerTransactions.id, transactionIds)))
      put(
        "reseller_transaction",
        t.id,
        `A transaction of reseller ${t.first} ${t.last}`,
        "/resellerTransactions",
      );

  const contactIds = ids("contact_message");
  if (contactIds.length > 0)
    for (const c of await db
      .select({
        id: contactMessages.id,
        first: contactMessages.firstName,
        last: contactMessages.lastName,
      })
      .from(contactMessages)
      .where(inArray(contactMessages.id, contactIds)))
      put("contact_message", c.id, `Contact message from ${c.first} ${c.last}`, "/adminInbox");

  const issueIds = ids("money_issue");
  if (issueIds.length > 0)
    for (const i of await db
      .select({ id: moneyIssues.id, kind: moneyIssues.kind })
      .from(moneyIssues)
      .where(inArray(moneyIssues.id, issueIds)))
      put("money_issue", i.id, `Money issue: ${i.kind.replaceAll("_", " ")}`, "/adminMoney");

  // Moderation (decision 0049): a review by its author and product, a reply by its review's.
  const reviewIds = ids("review");
  if (reviewIds.length > 0)
    for (const r of await db
      .select({
        id: reviews.id,
        author: members.username,
        product: products.name,
        productId: products.id,
      })
      .from(reviews)
      .innerJoin(members, eq(members.id, reviews.memberId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(inArray(reviews.id, reviewIds)))
      put(
        "review",
        r.id,
        `Review by @${r.author} of ${r.product}`,
        `/products/${r.productId}#reviews`,
      );

  const replyIds = ids("review_reply");
  if (replyIds.length > 0)
    for (const r of await db
      .select({
        id: reviewReplies.id,
        author: members.username,
        product: products.name,
        productId: products.id,
      })
      .from(reviewReplies)
      .innerJoin(reviews, eq(reviews.id, reviewReplies.reviewId))
      .innerJoin(members, eq(members.id, reviews.memberId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(inArray(reviewReplies.id, replyIds)))
      put(
        "review_reply",
        r.id,
        `The farm's reply to @${r.author}'s review of ${r.product}`,
        `/products/${r.productId}#reviews`,
      );

  return named;
}
