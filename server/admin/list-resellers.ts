import "server-only";
import { sql } from "drizzle-orm";
import { PAGE_SIZES } from "@/lib/constants";
import type { Reseller, ResellerList } from "@/lib/resellers/types";
import type { Db } from "@/server/db/client";
import { resellers } from "@/server/db/schema";

type Row = {
  total: number;
  identifier: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  rate: string | null;
};

/**
 * The reseller manager's list: newest first, 10 a page, with the total. One statement: the count
 * joined to the page (left join lateral), so a page past the end still answers the total. The page
 * is read in the order of resellers_created_idx.
 */
export async function listResellers(db: Db, { page }: { page: number }): Promise<ResellerList> {
  const perPage = PAGE_SIZES.resellers;
  const { rows } = await db.execute<Row>(sql`
    select t.total, p.identifier, p.first_name, p.last_name, p.email, p.phone, p.rate
    from (select count(*)::int as total from ${resellers}) as t
    left join lateral (
      select ${resellers.identifier} as identifier, ${resellers.firstName} as first_name,
        ${resellers.lastName} as last_name, ${resellers.email} as email,
        ${resellers.phone} as phone, ${resellers.rate}::text as rate
      from ${resellers}
      order by ${resellers.createdAt} desc, ${resellers.id} desc
      limit ${perPage} offset ${(page - 1) * perPage}
    ) as p on true`);
  return {
    totalNum: Number(rows[0]?.total ?? 0),
    resellers: rows.filter((row) => row.identifier !== null).map(toReseller),
  };
}

function toReseller(row: Row): Reseller {
  return {
    identifier: row.identifier!,
    firstName: row.first_name!,
    lastName: row.last_name!,
    email: row.email!,
    phone: row.phone,
    rate: row.rate!,
  };
}
