"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type ReactNode } from "react";
import { sendSensitive, StepUpDialog } from "@/components/admin/step-up";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { MoneyIssueAction, MoneyIssueView } from "@/server/admin/list-money-issues";
import type { MoneyIssueKind } from "@/server/db/schema";
import { AdminSearchOutcome } from "./admin-search";
import { ResolveMoneyIssueDialog } from "./money-issues-resolve-dialog";

export const NOTHING_NEEDS_YOU = "Nothing needs you: every payment, refund and payout is settled.";

/** An issue as the page shows it: its date already in words (the server's, so hydration agrees). */
export type MoneyIssueCard = MoneyIssueView & { createdLabel: string };

export const KIND_LABEL: Record<MoneyIssueKind, string> = {
  refund_failed: "Refund failed",
  reversal_failed: "Payout reversal failed",
  amount_mismatch: "Amount does not match the order",
  dispute_opened: "Payment disputed",
  payout_overdue: "Payout overdue",
  unknown_stripe_object: "Unknown to this marketplace",
  oversold: "Paid after its stock was sold",
};

const ACTION_LABEL: Record<MoneyIssueAction, string> = {
  retry_refund: "Retry the refund",
  retry_reversal: "Retry the reversal",
  pay_farm: "Pay the farm",
  resolve: "Mark resolved",
};

/** Stripe's object kinds in the words of its dashboard. */
const STRIPE_ID_LABEL: Record<string, string> = {
  payment_intent: "Payment",
  charge: "Charge",
  refund: "Refund",
  transfer: "Transfer",
  dispute: "Dispute",
  account: "Connected account",
};

const aboutOf = (issue: MoneyIssueCard) =>
  issue.order ? `${KIND_LABEL[issue.kind]}, order ${issue.order.orderNo}` : KIND_LABEL[issue.kind];

/**
 * The operators' Money page (decision 0037): each open issue as a card with what happened, its
 * order, farm, customer, amount and Stripe ids, and the actions that apply (POST
 * /api/admin/money/{id}/retry, /pay, /resolve). An action's outcome is announced in a polite live
 * region and the list is read again from the server; an action that does not apply now says why
 * beside it, not only in a tooltip.
 */
export function MoneyIssues({ issues, count }: { issues: MoneyIssueCard[]; count: number }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resolving, setResolving] = useState<MoneyIssueCard | null>(null);
  const resolved = useRef(false);

  function said({ ok, message }: { ok: boolean; message: string }) {
    setNotice(ok ? message : null);
    setError(ok ? null : message);
    // The issue's state as the server has it now (another admin or the reconciler may have acted).
    router.refresh();
  }

  async function act(issue: MoneyIssueCard, action: "retry" | "pay") {
    setBusy(`${issue.id}:${action}`);
    setNotice(null);
    setError(null);
    const result = await sendSensitive<{ message: string }>(
      `/api/admin/money/${issue.id}/${action}`,
      {},
    );
    setBusy(null);
    said(result.ok ? { ok: true, message: result.data.message } : result);
  }

  return (
    <section aria-labelledby="money-issues-title" className="flex flex-col gap-4">
      <h2
        id="money-issues-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-stone-900 outline-none"
      >
        Open issues ({count})
      </h2>
      <AdminSearchOutcome error={error} notice={notice} summary={null} />
      {issues.length === 0 ? (
        <p className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">
          {count > 0 ? "There's no issue on this page." : NOTHING_NEEDS_YOU}
        </p>
      ) : (
        <ul className="grid gap-4">
          {issues.map((issue) => (
            <li key={issue.id}>
              <IssueCard issue={issue}>
                {issue.actions.map(({ action, disabledReason }) => {
                  const call =
                    action === "resolve" ? null : action === "pay_farm" ? "pay" : "retry";
                  const reasonId = `money-issue-${issue.id}-${action}-why`;
                  return (
                    <div key={action} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <Button
                        size="sm"
                        variant={call ? "primary" : "secondary"}
                        disabled={!hydrated || disabledReason !== null || busy !== null}
                        aria-describedby={disabledReason ? reasonId : undefined}
                        onClick={() => (call ? void act(issue, call) : setResolving(issue))}
                      >
                        {busy === `${issue.id}:${call}` ? "Processing ..." : ACTION_LABEL[action]}
                        <span className="sr-only">
                          {issue.order
                            ? ` for order ${issue.order.orderNo}`
                            : ` for issue ${issue.id}`}
                        </span>
                      </Button>
                      {disabledReason ? (
                        <p id={reasonId} className="text-sm text-stone-700">
                          {disabledReason}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </IssueCard>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={resolving !== null} onOpenChange={(open) => !open && setResolving(null)}>
        {resolving ? (
          <ResolveMoneyIssueDialog
            key={resolving.id}
            issueId={resolving.id}
            about={aboutOf(resolving)}
            onDone={(outcome) => {
              resolved.current = true;
              setResolving(null);
              said(outcome);
            }}
            onCloseAutoFocus={(event) => {
              // The card leaves the list once resolved: its button cannot take the focus back.
              if (!resolved.current) return;
              resolved.current = false;
              event.preventDefault();
              heading.current?.focus();
            }}
          />
        ) : null}
      </Dialog>
      <StepUpDialog />
    </section>
  );
}

function IssueCard({ issue, children }: { issue: MoneyIssueCard; children: ReactNode }) {
  const titleId = `money-issue-${issue.id}`;
  const stripeIds = Object.entries(issue.stripeIds);
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="font-bold break-words text-stone-900">
          {KIND_LABEL[issue.kind]}
        </h3>
        <p className="text-sm text-stone-600">
          Raised <time dateTime={issue.createdAt}>{issue.createdLabel}</time>
        </p>
      </header>
      <p className="mt-2 break-words text-stone-800">{issue.detail}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact term="Order">
          {issue.order ? <span className="font-mono">{issue.order.orderNo}</span> : "None"}
        </Fact>
        <Fact term="Amount">{issue.amount ?? "Not stated"}</Fact>
        <Fact term="Farm">
          {issue.farm ? (
            <>
              {issue.farm.name} (@{issue.farm.username})
              <span className="block break-all text-stone-600">{issue.farm.email}</span>
            </>
          ) : (
            "None"
          )}
        </Fact>
        <Fact term="Customer">
          {issue.customer ? (
            <>
              {issue.customer.name}
              <span className="block break-all text-stone-600">{issue.customer.email}</span>
            </>
          ) : (
            "None"
          )}
        </Fact>
        <Fact term="Stripe ids" wide>
          {stripeIds.length === 0 ? (
            "None"
          ) : (
            <ul className="grid gap-1">
              {stripeIds.map(([kind, id]) => (
                <li key={kind}>
                  {STRIPE_ID_LABEL[kind] ?? kind}:{" "}
                  <code className="font-mono break-all text-stone-900">{id}</code>
                </li>
              ))}
            </ul>
          )}
        </Fact>
      </dl>
      <div className="mt-4 flex flex-col gap-3 border-t border-stone-100 pt-4 sm:flex-row sm:flex-wrap sm:items-start">
        {children}
      </div>
    </article>
  );
}

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "min-w-0 sm:col-span-2" : "min-w-0"}>
      <dt className="font-semibold text-stone-700">{term}</dt>
      <dd className="break-words text-stone-900">{children}</dd>
    </div>
  );
}
