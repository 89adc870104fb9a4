"use client";

import { ArrowRightLeft, CalendarX, CreditCard, RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { send } from "@/components/account/send";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { PLAN_CHANGE_REDIRECT_DELAY_MS } from "@/lib/constants";
import { subscriptionCompletedPath } from "@/lib/subscriptions/completed-path";
import { CardSetupForm } from "./subscribe-form";

export type ManageView = {
  country: "usa" | "canada";
  plan: "engager" | "harvest";
  planName: string;
  state: "active" | "expiring" | "past_due" | "lapsed";
  /** "Visa ending in 4242", or null when no card is on file. */
  cardLabel: string | null;
  /** Preformatted dates: when the plan renews, ends, or stops after a failed payment. */
  renewsOn: string | null;
  endsOn: string | null;
  graceEndsOn: string | null;
  lastPaymentError: string | null;
  /** The other paid plan, with its monthly price in this currency. */
  other: { plan: "engager" | "harvest"; name: string; priceLabel: string };
};

type Answer = { subscription: { serviceExpiresAt: string | null } };

/**
 * Manage (spec part 1, Subscription): update the card, change plan Engager ↔ Harvest (after
 * success the new plan shows after 3 s), cancel at the period's end, resubscribe before it.
 */
export function ManageSubscription({
  view,
  publishableKey,
}: {
  view: ManageView;
  publishableKey: string;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<"card" | "plan" | "cancel" | "resume" | null>(null);
  const [error, setError] = useState<string | null>(view.lastPaymentError);
  const [notice, setNotice] = useState("");
  const [cardSecret, setCardSecret] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const here = `/subscription/payment/${view.country}/${view.plan}`;

  async function act(kind: "card" | "plan" | "cancel" | "resume") {
    setBusy(kind);
    setError(null);
    setNotice("");
    if (kind === "card") {
      const result = await send<{ clientSecret: string }>("/api/subscriptions/card", { json: {} });
      setBusy(null);
      if (!result.ok) return setError(result.message);
      return setCardSecret(result.data.clientSecret);
    }
    if (kind === "plan") {
      const result = await send<Answer>("/api/subscriptions/plan", {
        json: { plan: view.other.plan },
      });
      if (!result.ok) {
        setBusy(null);
        return setError(result.message);
      }
      setNotice(`Your plan is now ${view.other.name}. Taking you to it in a moment…`);
      timer.current = setTimeout(() => {
        router.push(`/subscription/payment/${view.country}/${view.other.plan}`);
        router.refresh();
      }, PLAN_CHANGE_REDIRECT_DELAY_MS);
      return;
    }
    if (kind === "cancel") {
      const result = await send<Answer>("/api/subscriptions/cancel", { json: {} });
      if (!result.ok) {
        setBusy(null);
        setConfirmCancel(false);
        return setError(result.message);
      }
      const ends = result.data.subscription.serviceExpiresAt;
      return router.push(
        subscriptionCompletedPath("cancel", { expiresAt: ends ? new Date(ends) : null }),
      );
    }
    const result = await send<Answer>("/api/subscriptions/resume", { json: {} });
    if (!result.ok) {
      setBusy(null);
      return setError(result.message);
    }
    router.push(subscriptionCompletedPath("resubscribe"));
  }

  const status =
    view.state === "active"
      ? `Active${view.renewsOn ? `, renews on ${view.renewsOn}` : ""}`
      : view.state === "expiring"
        ? `Expiring: your plan ends on ${view.endsOn}`
        : view.state === "past_due"
          ? `Payment failed: update your card by ${view.graceEndsOn} to keep your plan`
          : "Payment failed: your plan is paused until you update your card";

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-stone-600">Current plan</dt>
          <dd className="text-2xl font-extrabold text-stone-900">{view.planName}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-stone-600">Status</dt>
          <dd className="font-medium text-stone-900">{status}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-stone-600">Card</dt>
          <dd className="text-stone-900">{view.cardLabel ?? "No card on file"}</dd>
        </div>
      </dl>

      <p role="alert" className="text-tomato-600 font-medium empty:hidden">
        {error ?? ""}
      </p>
      <p role="status" className="text-leaf-800 font-medium empty:hidden">
        {notice}
      </p>

      <section aria-labelledby="update-card-heading" className="flex flex-col gap-3">
        <h3 id="update-card-heading" className="text-lg font-bold">
          Payment card
        </h3>
        {cardSecret ? (
          <CardSetupForm
            publishableKey={publishableKey}
            clientSecret={cardSecret}
            returnPath={here}
          />
        ) : (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => void act("card")}
            disabled={busy !== null || !hydrated}
            aria-busy={busy === "card"}
          >
            <CreditCard aria-hidden />
            Update card
          </Button>
        )}
      </section>

      {view.state === "active" || view.state === "past_due" ? (
        <section aria-labelledby="change-plan-heading" className="flex flex-col gap-3">
          <h3 id="change-plan-heading" className="text-lg font-bold">
            Change plan
          </h3>
          <p className="text-stone-700">
            {view.other.name} is {view.other.priceLabel} per month. The difference for the rest of
            this month is charged or credited today.
          </p>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => void act("plan")}
            disabled={busy !== null || !hydrated}
            aria-busy={busy === "plan"}
          >
            <ArrowRightLeft aria-hidden />
            {busy === "plan" ? "Processing ..." : `Change to ${view.other.name}`}
          </Button>
        </section>
      ) : null}

      {view.state === "expiring" ? (
        <section aria-labelledby="resubscribe-heading" className="flex flex-col gap-3">
          <h3 id="resubscribe-heading" className="text-lg font-bold">
            Keep your plan
          </h3>
          <p className="text-stone-700">
            Resubscribe and your {view.planName} plan keeps renewing each month.
          </p>
          <Button
            className="self-start"
            onClick={() => void act("resume")}
            disabled={busy !== null || !hydrated}
            aria-busy={busy === "resume"}
          >
            <RotateCcw aria-hidden />
            {busy === "resume" ? "Processing ..." : "Resubscribe"}
          </Button>
        </section>
      ) : (
        <section aria-labelledby="cancel-heading" className="flex flex-col gap-3">
          <h3 id="cancel-heading" className="text-lg font-bold">
            Cancel subscription
          </h3>
          <p className="text-stone-700">
            Your plan stays active until the end of the month you paid for, then you are back on
            Basic.
          </p>
          <Dialog open={confirmCancel} onOpenChange={setConfirmCancel}>
            <Button
              variant="ghost"
              className="self-start"
              onClick={() => setConfirmCancel(true)}
              disabled={busy !== null || !hydrated}
            >
              <CalendarX aria-hidden />
              Cancel subscription
            </Button>
            <DialogContent
              title={`Cancel your ${view.planName} plan?`}
              description={`It stays active until ${view.renewsOn ?? "the end of the period you paid for"}, and is not charged again.`}
            >
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                <DialogClose asChild>
                  <Button variant="secondary">Keep my plan</Button>
                </DialogClose>
                <Button
                  onClick={() => void act("cancel")}
                  disabled={busy !== null || !hydrated}
                  aria-busy={busy === "cancel"}
                >
                  {busy === "cancel" ? "Processing ..." : "Cancel plan"}
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        </section>
      )}
    </div>
  );
}
