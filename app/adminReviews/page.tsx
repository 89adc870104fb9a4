import type { Metadata } from "next";
import Link from "next/link";
import { AdminPage } from "@/components/admin/admin-page";
import { ModerationQueue } from "@/components/admin/moderation-queue";
import { requireAdmin } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { listModerationQueue } from "@/server/reviews/list-moderation-queue";

export const metadata: Metadata = { title: "Review Moderation", robots: { index: false } };

type Props = { searchParams: Promise<{ view?: string | string[] }> };

// adminReviews: /adminReviews (admins only): reported reviews and replies, oldest report first,
// with their reports and their author's history; hide, restore or dismiss, each with a reason
// kept in the audit trail (issue 44). ?view=hidden lists what was hidden, to restore.
export default function AdminReviewsPage({ searchParams }: Props) {
  return (
    <AdminPage
      title="Review Moderation"
      lead="Reviews and farm replies members reported. Hide what breaks the rules, dismiss what does not; each action is kept in the audit trail with your reason."
      loading="Loading reported reviews…"
    >
      <Queue searchParams={searchParams} />
    </AdminPage>
  );
}

async function Queue({ searchParams }: Props) {
  await requireAdmin();
  const raw = (await searchParams).view;
  const view = (Array.isArray(raw) ? raw[0] : raw) === "hidden" ? "hidden" : "reported";
  const { items, openCount } = await listModerationQueue(await getDb(), { view });
  return (
    <div className="grid gap-6">
      <nav aria-label="Moderation views" className="flex flex-wrap gap-4 font-semibold">
        <Link
          href="/adminReviews"
          aria-current={view === "reported" ? "page" : undefined}
          className="underline underline-offset-4"
        >
          Reported ({openCount})
        </Link>
        <Link
          href="/adminReviews?view=hidden"
          aria-current={view === "hidden" ? "page" : undefined}
          className="underline underline-offset-4"
        >
          Hidden
        </Link>
      </nav>
      <ModerationQueue view={view} items={items} />
    </div>
  );
}
