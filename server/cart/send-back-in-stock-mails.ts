import "server-only";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { BackInStockEmail } from "@/emails/back-in-stock-email";
import type { Db } from "@/server/db/client";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";

/** At most one back-in-stock mail per member and product in this long (issue 41, item 6). */
export const BACK_IN_STOCK_MAIL_INTERVAL = "7 days";

type Claimed = {
  member_id: number;
  product_id: number;
  email: string;
  first_name: string;
  product_name: string;
  farmer: string;
};

/**
 * Products came back in stock: each member who keeps one of them in the Dream Tracker, and has
 * not turned back-in-stock mails off, gets one mail about it, unless they got one about that
 * product in the last week (decision 0042). Who gets one is claimed in one statement (a
 * conditional upsert on `back_in_stock_mails`), so two releases at once, or two instances, mail a
 * member once. Only products that can be bought now count: one sold out again meanwhile mails
 * nobody. Run after the change committed; a mail that fails is logged, never retried (its claim
 * stands: a second mail within the week is worse than a missed one).
 *
 * @returns how many mails were claimed
 */
export async function sendBackInStockMails(db: Db, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const ids = `{${productIds.map((id) => Math.trunc(id)).join(",")}}`;
  const { rows } = await db.execute<Claimed>(sql`
    with wanted as (
      select d.member_id, d.product_id
      from dream_tracker_items d
      join products p on p.id = d.product_id
      where d.product_id = any(${ids}::int[])
        and p.status = 'active' and p.in_stock
        and (p.available_qty is null or p.available_qty >= p.unit_weight)
        and not exists (
          select 1 from notification_preferences n
          where n.member_id = d.member_id and n.type = 'back_in_stock' and not n.allowed)
    ),
    claimed as (
      insert into back_in_stock_mails (member_id, product_id, sent_at)
      select member_id, product_id, now() from wanted
      on conflict (member_id, product_id) do update set sent_at = excluded.sent_at
        where back_in_stock_mails.sent_at < now() - ${BACK_IN_STOCK_MAIL_INTERVAL}::interval
      returning member_id, product_id
    )
    select c.member_id, c.product_id, m.email, m.first_name, p.name as product_name,
      f.username as farmer
    from claimed c
    join members m on m.id = c.member_id
    join products p on p.id = c.product_id
    join members f on f.id = p.merchant_id
    order by c.product_id, c.member_id`);
  const appUrl = getEnv().APP_URL;
  for (const row of rows) {
    try {
      await sendMail(db, {
        to: row.email,
        subject: `${row.product_name} is back in stock`,
        category: "back_in_stock",
        memberId: row.member_id,
        react: createElement(BackInStockEmail, {
          appUrl,
          firstName: row.first_name,
          productId: row.product_id,
          productName: row.product_name,
          farmer: row.farmer,
        }),
      });
    } catch (error) {
      log.error(
        { err: error, memberId: row.member_id, productId: row.product_id },
        "back-in-stock email not sent",
      );
    }
  }
  return rows.length;
}
