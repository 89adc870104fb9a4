import type { Metadata } from "next";
import Link from "next/link";
import { AdminPage } from "@/components/admin/admin-page";
import { AuditValues } from "@/components/admin/audit-values";
import { buttonClasses } from "@/components/ui/button";
import { auditQuerySchema } from "@/lib/validation/orders";
import { requireAdmin } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { listAdminActions, type AdminActionEntry } from "@/server/admin/list-admin-actions";

export const metadata: Metadata = { title: "Audit Trail", robots: { index: false } };

type Props = { searchParams: Promise<{ before?: string | string[] }> };

const ACTION_LABEL: Record<AdminActionEntry["action"], string> = {
  password_reset: "Reset a password",
  order_cancel: "Cancelled an order line",
  pay_merchant: "Paid a farm",
  reseller_create: "Added a reseller",
  reseller_update: "Edited a reseller",
  reseller_transactions_paid: "Marked reseller transactions paid",
  contact_handled: "Handled a contact message",
  money_retry: "Retried a money step",
  money_resolve: "Resolved a money issue",
  review_hide: "Hid a review or reply",
  review_restore: "Restored a review or reply",
  review_dismiss: "Dismissed reports",
  second_factor_enrol: "Set up two-step sign-in",
  second_factor_reset: "Reset a member's two-step sign-in",
};

const WHEN = new Intl.DateTimeFormat("en-CA", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "America/Toronto",
});

// adminAudit: /adminAudit (admins only): who did what, when, with the values before and after
export default function AdminAuditPage({ searchParams }: Props) {
  return (
    <AdminPage
      title="Audit Trail"
      lead="Every admin action, newest first: who did it, when, and what it changed."
    >
      <AuditEntries searchParams={searchParams} />
    </AdminPage>
  );
}

async function AuditEntries({ searchParams }: Props) {
  await requireAdmin();
  const raw = (await searchParams).before;
  const parsed = auditQuerySchema.safeParse({ before: Array.isArray(raw) ? raw[0] : raw });
  const before = parsed.success ? (parsed.data.before ?? undefined) : undefined;
  const { entries, nextBefore } = await listAdminActions(await getDb(), { before });
  if (entries.length === 0) return <p className="text-stone-700">No admin action yet.</p>;
  return (
    <>
      <ol className="grid gap-3">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-2xl border border-stone-200 bg-white p-4">
            <p className="font-semibold text-stone-900">
              {ACTION_LABEL[entry.action]}:{" "}
              {entry.targetHref ? (
                <Link
                  href={entry.targetHref}
                  className="text-leaf-800 underline underline-offset-2"
                >
                  {entry.targetLabel}
                </Link>
              ) : (
                entry.targetLabel
              )}{" "}
              <span className="font-normal text-stone-700">by @{entry.adminUsername}</span>
            </p>
            <p className="text-sm text-stone-600">
              <time dateTime={entry.createdAt}>{WHEN.format(new Date(entry.createdAt))}</time>
            </p>
            <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="font-semibold text-stone-700">Before</dt>
                <dd>
                  <AuditValues values={entry.before} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="font-semibold text-stone-700">After</dt>
                <dd>
                  <AuditValues values={entry.after} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
      {nextBefore ? (
        <Link
          href={`/adminAudit?before=${nextBefore}`}
          className={buttonClasses({ variant: "secondary", className: "mt-6" })}
        >
          Older actions
        </Link>
      ) : null}
    </>
  );
}
