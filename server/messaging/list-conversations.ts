import "server-only";
import { desc, eq, sql, type AnyColumn } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { PAGE_SIZES } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { conversations, members } from "@/server/db/schema";
import { imageUrl } from "@/server/storage";
import { visibleTo } from "./conversation-side";

/** A contact in the list (spec part 1 section 3 "Conversation lead", plus `lastMessageAt`). */
export type ConversationLead = {
  conversationId: number;
  firstName: string;
  lastName: string;
  avatarImage: string | null;
  /** 1 while the caller has messages they have not opened, else 0. */
  unread: 0 | 1;
  lastMessageAt: string;
};

export type ConversationPage = { results: ConversationLead[]; nextCursor: string | null };

const merchant = alias(members, "merchant");
const customer = alias(members, "customer");

// Microseconds, so the next page starts exactly after the last row (a JS Date keeps milliseconds).
const cursorTime = sql<string>`to_char(${conversations.lastMessageAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The caller's contacts, the latest conversation first, 20 a page; `cursor` is the previous
 * page's `nextCursor`. One statement; a conversation the caller deleted stays out until a new
 * message arrives.
 */
export async function listConversations(
  db: Db,
  { memberId, cursor }: { memberId: number; cursor?: string | undefined },
): Promise<ConversationPage> {
  const size = PAGE_SIZES.conversations;
  const after = cursor ? parseCursor(cursor) : null;
  const isMerchantSide = eq(conversations.merchantId, memberId);
  // Each side's page on its own index, read in order and stopped after size + 1 rows; then the
  // two (at most 2 x 21 ids) merged. One OR over both sides would read every conversation of a
  // farmer with thousands before sorting them (39 ms at M for 2.5k conversations).
  const latestIds = (column: AnyColumn, side: "merchant" | "customer") =>
    sql`(select ${conversations.id} from ${conversations} where ${column} = ${memberId} and ${visibleTo(side)}${
      after
        ? sql` and (${conversations.lastMessageAt}, ${conversations.id}) < (${after.time}::timestamptz, ${after.id})`
        : sql``
    } order by ${conversations.lastMessageAt} desc, ${conversations.id} desc limit ${size + 1})`;
  const rows = await db
    .select({
      id: conversations.id,
      isMerchantSide: sql<boolean>`${isMerchantSide}`,
      merchantUnread: conversations.merchantUnreadCount,
      customerUnread: conversations.customerUnreadCount,
      visitorFirstName: conversations.visitorFirstName,
      visitorLastName: conversations.visitorLastName,
      merchantFirstName: merchant.firstName,
      merchantLastName: merchant.lastName,
      merchantAvatar: merchant.avatarImage,
      customerFirstName: customer.firstName,
      customerLastName: customer.lastName,
      customerAvatar: customer.avatarImage,
      lastMessageAt: conversations.lastMessageAt,
      cursorTime,
    })
    .from(conversations)
    .innerJoin(merchant, eq(merchant.id, conversations.merchantId))
    .leftJoin(customer, eq(customer.id, conversations.customerId))
    .where(
      sql`${conversations.id} in (${latestIds(conversations.merchantId, "merchant")} union all ${latestIds(conversations.customerId, "customer")})`,
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(size + 1);

  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    results: page.map((row) => {
      const mine = row.isMerchantSide;
      const avatar = mine ? row.customerAvatar : row.merchantAvatar;
      return {
        conversationId: row.id,
        firstName:
          (mine ? (row.customerFirstName ?? row.visitorFirstName) : row.merchantFirstName) ?? "",
        lastName:
          (mine ? (row.customerLastName ?? row.visitorLastName) : row.merchantLastName) ?? "",
        avatarImage: avatar ? imageUrl(avatar, "sm") : null,
        unread: (mine ? row.merchantUnread : row.customerUnread) > 0 ? 1 : 0,
        lastMessageAt: row.lastMessageAt.toISOString(),
      };
    }),
    nextCursor: rows.length > size && last ? `${last.cursorTime}_${last.id}` : null,
  };
}

function parseCursor(cursor: string): { time: string; id: number } {
  const at = cursor.lastIndexOf("_");
  return { time: cursor.slice(0, at), id: Number(cursor.slice(at + 1)) };
}
