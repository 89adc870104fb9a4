import "server-only";
import { sql } from "drizzle-orm";
import type { ReviewReportReason, ReviewReportTarget } from "@/lib/review-trust";
import type { Db } from "@/server/db/client";

/** How many items the queue shows at once (oldest report first: nothing waits forever). */
export const MODERATION_PAGE_SIZE = 30;

export type ModerationItem = {
  reviewId: number;
  target: ReviewReportTarget;
  productId: number;
  productName: string;
  /** The review's or the reply's text, as written (shown as text). */
  text: string;
  /** The review's score; null for a reply. */
  score: number | null;
  author: string;
  hiddenAt: string | null;
  writtenAt: string;
  reports: { reason: ReviewReportReason; reporter: string; at: string; open: boolean }[];
  /** What the author wrote before: how much, how much was hidden, how often reported. */
  history: { written: number; hidden: number; reported: number; memberSince: string };
};

type Row = {
  review_id: number;
  target: ReviewReportTarget;
  product_id: number;
  product_name: string;
  text: string;
  score: number | null;
  author_id: number;
  author: string;
  hidden_at: string | null;
  written_at: string;
  member_since: string;
  reports: { reason: ReviewReportReason; reporter: string; at: string; open: boolean }[] | null;
  written: number;
  hidden: number;
  reported: number;
};

/**
 * The moderation queue (issue 44, item 3) in two statements (the items, the open count):
 * `reported` holds every review and
 * reply with an open report, oldest report first; `hidden` what operators hid, newest first (to
 * restore). Each item carries its reports and its author's history, as subqueries per shown item
 * (at most MODERATION_PAGE_SIZE).
 */
export async function listModerationQueue(
  db: Db,
  { view }: { view: "reported" | "hidden" },
): Promise<{ items: ModerationItem[]; openCount: number }> {
  const items =
    view === "reported"
      ? sql`select review_id, case when reply_id is null then 'review' else 'reply' end as target,
            min(created_at) as sort_at
          from review_reports where resolved_at is null
          group by review_id, reply_id`
      : sql`select id as review_id, 'review' as target, hidden_at as sort_at
            from reviews where hidden_at is not null
          union all
          select review_id, 'reply', hidden_at from review_replies where hidden_at is not null`;
  const direction = view === "reported" ? sql`asc` : sql`desc`;
  const { rows } = await db.execute<Row>(sql`
    with items as (${items}),
    shown as (
      select i.review_id, i.target, i.sort_at, r.product_id, p.name as product_name,
        r.score, r.member_id, rr.id as reply_id, rr.merchant_id,
        case when i.target = 'review' then r.content else rr.content end as text,
        case when i.target = 'review' then r.member_id else rr.merchant_id end as author_id,
        case when i.target = 'review' then r.hidden_at else rr.hidden_at end as hidden_at,
        case when i.target = 'review' then r.created_at else rr.created_at end as written_at
      from items i
      join reviews r on r.id = i.review_id
      join products p on p.id = r.product_id
      left join review_replies rr on rr.review_id = r.id
      where i.target = 'review' or rr.id is not null
      order by i.sort_at ${direction}, i.review_id
      limit ${MODERATION_PAGE_SIZE}
    )
    select s.review_id, s.target, s.product_id, s.product_name, s.text,
      case when s.target = 'review' then s.score else null end as score,
      s.author_id, m.username as author, s.hidden_at, s.written_at, m.created_at as member_since,
      (select json_agg(json_build_object('reason', rp.reason, 'reporter', rm.username,
          'at', rp.created_at, 'open', rp.resolved_at is null) order by rp.created_at)
        from review_reports rp join members rm on rm.id = rp.reporter_id
        where rp.review_id = s.review_id
          and (case when s.target = 'review' then rp.reply_id is null else rp.reply_id = s.reply_id end)
      ) as reports,
      case when s.target = 'review'
        then (select count(*)::int from reviews x where x.member_id = s.author_id)
        else (select count(*)::int from review_replies x where x.merchant_id = s.author_id) end
        as written,
      case when s.target = 'review'
        then (select count(*)::int from reviews x where x.member_id = s.author_id and x.hidden_at is not null)
        else (select count(*)::int from review_replies x where x.merchant_id = s.author_id and x.hidden_at is not null) end
        as hidden,
      case when s.target = 'review'
        then (select count(*)::int from review_reports x join reviews y on y.id = x.review_id
              where y.member_id = s.author_id and x.reply_id is null)
        else (select count(*)::int from review_reports x join review_replies y on y.id = x.reply_id
              where y.merchant_id = s.author_id) end
        as reported
    from shown s join members m on m.id = s.author_id
    order by s.sort_at ${direction}, s.review_id`);
  const { rows: counted } = await db.execute<{ open_count: number }>(sql`
    select count(distinct (review_id, coalesce(reply_id, 0)))::int as open_count
    from review_reports where resolved_at is null`);
  const iso = (value: string | Date) => new Date(value).toISOString();
  return {
    openCount: Number(counted[0]?.open_count ?? 0),
    items: rows.map((row) => ({
      reviewId: Number(row.review_id),
      target: row.target,
      productId: Number(row.product_id),
      productName: row.product_name,
      text: row.text,
      score: row.score === null ? null : Number(row.score),
      author: row.author,
      hiddenAt: row.hidden_at ? iso(row.hidden_at) : null,
      writtenAt: iso(row.written_at),
      reports: (row.reports ?? []).map((report) => ({ ...report, at: iso(report.at) })),
      history: {
        written: Number(row.written),
        hidden: Number(row.hidden),
        reported: Number(row.reported),
        memberSince: iso(row.member_since),
      },
    })),
  };
}
