import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { PAGE_SIZES } from "@/lib/constants";
import {
  MARKETPLACE_TIME_ZONE,
  type ResellerPayStatus,
  type ResellerTransaction,
  type ResellerTransactionList,
} from "@/lib/resellers/types";
import type { ResellerTransactionFilter } from "@/lib/validation/resellers";
import type { Db } from "@/server/db/client";
import { members, resellers, resellerTransactions } from "@/server/db/schema";

type Row = {
  total: number;
  id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  product_name: string;
  rate: string;
  time_stamp: string;
  pay_status: ResellerPayStatus;
};

/**
 * The reseller transactions page: newest first, 10 a page, with the total matching. Filters, all
 * optional: the reseller's email (whole, any case: the spec validates it as an email), and a date
 * range whose bounds are wall-clock times ("yyyy-mm-ddThh:mm:ss", from parseDmyDateTime) read in
 * the marketplace's time zone; both bounds are inclusive to the second.
 *
 * One statement: the count joined to the page (left join lateral, so a page past the end still
 * answers the total). The reseller is found by resellers_email_lower_unique first, so both the
 * count and the page read reseller_transactions_reseller_created_idx (or _created_idx without an
 * email) over the date range; only the page's 10 rows are joined to the resellers and farmers.
 */
export async function listResellerTransactions(
  db: Db,
  filter: ResellerTransactionFilter,
): Promise<ResellerTransactionList> {
  const perPage = PAGE_SIZES.resellerTransactions;
  const where = whereOf(filter);
  const { rows } = await db.execute<Row>(sql`
    select t.total, p.*
    from (select count(*)::int as total from ${resellerTransactions} where ${where}) as t
    left join lateral (
      select rt.id, r.first_name, r.last_name, r.email, m.username, rt.product_name,
        rt.rate::text as rate, rt.pay_status::text as pay_status,
        to_char(rt.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time_stamp
      from (
        select ${resellerTransactions.id} as id from ${resellerTransactions}
        where ${where}
        order by ${resellerTransactions.createdAt} desc, ${resellerTransactions.id} desc
        limit ${perPage} offset ${(filter.page - 1) * perPage}
      ) as pick
      join ${resellerTransactions} as rt on rt.id = pick.id
      join ${resellers} as r on r.id = rt.reseller_id
      join ${members} as m on m.id = rt.merchant_id
      order by rt.created_at desc, rt.id desc
    ) as p on true`);
  return {
    transTotalNum: Number(rows[0]?.total ?? 0),
    transactions: { data: rows.filter((row) => row.id !== null).map(toTransaction) },
  };
}

function whereOf({ resellerKeyword, dateFrom, dateTo }: ResellerTransactionFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (resellerKeyword)
    conditions.push(
      sql`${resellerTransactions.resellerId} = (select ${resellers.id} from ${resellers} where lower(${resellers.email}) = lower(${resellerKeyword}))`,
    );
  if (dateFrom)
    conditions.push(
      sql`${resellerTransactions.createdAt} >= (${dateFrom}::timestamp at time zone ${MARKETPLACE_TIME_ZONE})`,
    );
  // "to 10:00:00" takes everything up to 10:00:00.999
  if (dateTo)
    conditions.push(
      sql`${resellerTransactions.createdAt} < ((${dateTo}::timestamp + interval '1 second') at time zone ${MARKETPLACE_TIME_ZONE})`,
    );
  return sql.join(conditions, sql` and `);
}

function toTransaction(row: Row): ResellerTransaction {
  return {
    id: Number(row.id),
    resellerfirstName: row.first_name,
    resellerlastName: row.last_name,
    resellerEmail: row.email,
    farmerUsername: row.username,
    productName: row.product_name,
    rate: row.rate,
    timeStamp: row.time_stamp,
    payStatus: row.pay_status,
  };
}
