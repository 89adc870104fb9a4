import "server-only";
import { desc, eq, ilike, or, sql } from "drizzle-orm";
import type { MemberType } from "@/lib/constants";
import { escapeLikePattern } from "@/lib/validation/search";
import type { Db } from "@/server/db/client";
import { members, memberSearchText } from "@/server/db/schema";

/** The spec's admin member (part 2 section 3), with the member's type for the operator. */
export type AdminMember = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  memberType: MemberType;
};

/** The most a search answers: an operator narrows the keyword rather than pages. */
export const MEMBER_SEARCH_LIMIT = 50;

/**
 * Members Manager search: members whose username, email, first or last name contains the keyword
 * (already sanitised, lib/validation/orders adminKeywordSchema), newest first, at most 50. One
 * statement: a keyword of three characters or more is a substring match on one trigram index
 * (members_admin_search_trgm_idx); a shorter one, which trigrams cannot serve, matches a whole
 * username or member number only. An empty keyword finds nobody.
 */
export async function findMembersByKeyword(
  db: Db,
  { keyword }: { keyword: string },
): Promise<AdminMember[]> {
  if (!keyword) return [];
  const where =
    keyword.length >= 3
      ? ilike(memberSearchText(members), `%${escapeLikePattern(keyword)}%`)
      : or(
          eq(members.username, keyword.toLowerCase()),
          /^\d+$/.test(keyword) ? eq(members.id, Number(keyword)) : sql`false`,
        );
  return db
    .select({
      userId: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      username: members.username,
      memberType: members.memberType,
    })
    .from(members)
    .where(where)
    .orderBy(desc(members.id))
    .limit(MEMBER_SEARCH_LIMIT);
}
