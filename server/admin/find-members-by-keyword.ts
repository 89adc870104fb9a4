import "server-only";
import { sql } from "drizzle-orm";
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
  /** Whether two-step sign-in is on, so the operator can reset it after a lost phone. */
  secondFactor: boolean;
};

/** The most a search answers: an operator narrows the keyword rather than pages. */
export const MEMBER_SEARCH_LIMIT = 50;

/**
 * Members Manager search: members whose username, email, first or last name contains the keyword
 * (already sanitised, lib/validation/orders adminKeywordSchema), newest first, at most 50. One
 * statement: a whole username or email is found on its unique index and then no substring search
 * runs (an email's trigrams, "example.com" among them, are in most rows); else the substring is
 * matched through members_admin_search_trgm_idx, or, for a word common enough that the planner
 * expects 50 matches soon, by reading the newest members backwards. A keyword
 * under three characters, which trigrams cannot serve, matches a whole username or member number
 * only. An empty keyword finds nobody.
 */
export async function findMembersByKeyword(
  db: Db,
  { keyword }: { keyword: string },
): Promise<AdminMember[]> {
  if (!keyword) return [];
  const lower = keyword.toLowerCase();
  const number = /^\d{1,9}$/.test(keyword) ? Number(keyword) : null;
  const text = memberSearchText(members);
  const pattern = `%${escapeLikePattern(keyword)}%`;
  // A short keyword searches no substring.
  const matches = keyword.length >= 3 ? sql`(${text}) ilike ${pattern}` : sql`false`;
  const { rows } = await db.execute<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    username: string;
    member_type: MemberType;
    second_factor: boolean;
  }>(sql`
    with exact as (
      select ${members.id} as id from ${members}
       where ${members.username} = ${lower} or lower(${members.email}) = ${lower}
          or ${members.id} = ${number ?? -1}
    ),
    contains as (
      select ${members.id} as id from ${members}
       where not exists (select 1 from exact) and ${matches}
       order by ${members.id} desc limit ${MEMBER_SEARCH_LIMIT}
    ),
    found as (select id from exact union select id from contains)
    select m.id, m.first_name, m.last_name, m.email, m.username, m.member_type,
           m.totp_enabled_at is not null as second_factor
      from found join ${members} m on m.id = found.id
     order by m.id desc
     limit ${MEMBER_SEARCH_LIMIT}`);
  return rows.map((row) => ({
    userId: Number(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    username: row.username,
    memberType: row.member_type,
    secondFactor: Boolean(row.second_factor),
  }));
}
