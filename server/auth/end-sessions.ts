import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";

/**
 * Ends every session of a member for good: tokens carry the `session_version` they were issued
 * with, and `resolveSessionToken` refuses any that no longer matches (so a stolen copy dies too).
 * With `onlyIfVersion`, nothing happens unless the member is still at that version, so signing out
 * with an already dead token cannot end the member's newer sessions.
 */
export async function endAllSessions(
  db: Db,
  memberId: number,
  onlyIfVersion?: number,
): Promise<void> {
  const where =
    onlyIfVersion === undefined
      ? eq(members.id, memberId)
      : and(eq(members.id, memberId), eq(members.sessionVersion, onlyIfVersion));
  await db
    .update(members)
    .set({ sessionVersion: sql`${members.sessionVersion} + 1` })
    .where(where);
}
