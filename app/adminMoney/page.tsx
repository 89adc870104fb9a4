import type { Metadata } from "next";
import Link from "next/link";
import { AdminPage } from "@/components/admin/admin-page";
import { MoneyIssues } from "@/components/admin/money-issues";
import { buttonClasses } from "@/components/ui/button";
import { moneyIssuesQuerySchema } from "@/lib/validation/money-issues";
import { listMoneyIssues, type LastMoneyCheck } from "@/server/admin/list-money-issues";
import { requireAdmin } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { getStripe } from "@/server/stripe/stripe-client";

export const metadata: Metadata = { title: "Money", robots: { index: false } };

type Props = { searchParams: Promise<{ before?: string | string[] }> };

// Fixed zone, so the server's text is the same wherever it runs; the marketplace keeps Ontario time.
const DATE_TIME = new Intl.DateTimeFormat("en-CA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/Toronto",
});

// adminMoney: /adminMoney (admins only; anyone else goes to the dashboard): the money issues the
// marketplace could not settle by itself (decision 0037), newest first, 20 a page, with what
// settles each (retry, pay the farm, mark resolved with a note)
export default function AdminMoneyPage({ searchParams }: Props) {
  return (
    <AdminPage
      title="Money"
      lead="Money the marketplace could not settle by itself: each item says what happened and what settles it."
      loading="Loading money issues…"
    >
      <MoneyIssueList searchParams={searchParams} />
    </AdminPage>
  );
}

async function MoneyIssueList({ searchParams }: Props) {
  await requireAdmin();
  const raw = (await searchParams).before;
  // A hand-edited address with a bad cursor shows the newest issues.
  const parsed = moneyIssuesQuerySchema.safeParse({ before: Array.isArray(raw) ? raw[0] : raw });
  const before = parsed.success ? (parsed.data.before ?? undefined) : undefined;
  const cardPayments = getStripe() !== null;
  const { issues, nextBefore, count, lastCheck } = await listMoneyIssues(await getDb(), {
    before,
    cardPayments,
  });
  return (
    <div className="grid gap-6">
      <LastCheck lastCheck={lastCheck} cardPayments={cardPayments} />
      <MoneyIssues
        count={count}
        issues={issues.map((issue) => ({
          ...issue,
          createdLabel: DATE_TIME.format(new Date(issue.createdAt)),
        }))}
      />
      {before || nextBefore ? (
        <nav aria-label="Pages of money issues" className="flex flex-wrap gap-3">
          {before ? (
            <Link href="/adminMoney" className={buttonClasses({ variant: "secondary" })}>
              Newest issues
            </Link>
          ) : null}
          {nextBefore ? (
            <Link
              href={`/adminMoney?before=${nextBefore}`}
              className={buttonClasses({ variant: "secondary" })}
            >
              Older issues
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** When the reconciler last compared our records with Stripe's, and what it did then. */
function LastCheck({
  lastCheck,
  cardPayments,
}: {
  lastCheck: LastMoneyCheck | null;
  cardPayments: boolean;
}) {
  if (!cardPayments)
    return (
      <p className="text-stone-700">
        Card payments are not configured here, so nothing is checked with Stripe.
      </p>
    );
  if (!lastCheck?.finishedAt)
    return <p className="text-stone-700">Last checked with Stripe: not yet.</p>;
  const counts = Object.entries(lastCheck.counts);
  return (
    <div className="grid gap-1 text-stone-700">
      <p>
        Last checked with Stripe:{" "}
        <time dateTime={lastCheck.finishedAt}>
          {DATE_TIME.format(new Date(lastCheck.finishedAt))}
        </time>
        .
      </p>
      {counts.length > 0 ? (
        <p className="text-sm break-words">
          What it counted: {counts.map(([what, count]) => `${what}: ${count}`).join("; ")}.
        </p>
      ) : null}
      {lastCheck.stoppedBy ? (
        <p className="text-sm text-red-700">It stopped early: {lastCheck.stoppedBy}.</p>
      ) : null}
    </div>
  );
}
