import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { conversations, members } from "@/server/db/schema";
import { verifyRecipientEmail } from "./recipient-token";

/** What /register says to a visitor who came from a farm's reply mail. */
export type VisitorRegistration = {
  firstName: string;
  lastName: string;
  /** The farms whose conversations become the new account's, newest first (at most three). */
  farms: string[];
  /** More farms than those named. */
  moreFarms: boolean;
};

/** Enough farms to name; more are "and others". */
const FARMS_NAMED = 3;

/**
 * The name the visitor gave when they asked a farm (so /register does not ask for it again) and
 * the farms whose conversations come along when they register with this address. Only with the
 * reply mail's token (recipient-token.ts): an address alone says nothing about who wrote from it.
 * Null without it, or when the address has no visitor conversation left to attach.
 */
export async function loadVisitorRegistration(
  db: Db,
  { email, recipientToken }: { email: string; recipientToken: unknown },
): Promise<VisitorRegistration | null> {
  if (!email || !verifyRecipientEmail(email, recipientToken)) return null;
  const rows = await db
    .select({
      firstName: conversations.visitorFirstName,
      lastName: conversations.visitorLastName,
      farmFirstName: members.firstName,
      farmLastName: members.lastName,
    })
    .from(conversations)
    .innerJoin(members, eq(members.id, conversations.merchantId))
    .where(
      and(
        isNull(conversations.customerId),
        sql`lower(${conversations.visitorEmail}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(FARMS_NAMED + 1);
  const [latest] = rows;
  if (!latest) return null;
  return {
    firstName: latest.firstName ?? "",
    lastName: latest.lastName ?? "",
    farms: rows
      .slice(0, FARMS_NAMED)
      .map((row) => `${row.farmFirstName ?? ""} ${row.farmLastName ?? ""}`.trim() || "a farm"),
    moreFarms: rows.length > FARMS_NAMED,
  };
}
