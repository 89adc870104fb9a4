import { CircleCheck, Clock } from "lucide-react";
import { formatMoney } from "@/lib/money";
import type { PayoutsOverview } from "@/server/payouts/get-payouts-overview";
import { PayoutLinkButton } from "./payout-buttons";

/** Stripe's requirement names, as a farmer reads them. */
function describeRequirement(field: string): string {
  if (field.startsWith("external_account")) return "Your bank account for payouts";
  if (field.startsWith("tos_acceptance")) return "Accepting Stripe's terms";
  if (field.includes("dob")) return "Your date of birth";
  if (field.includes("address")) return "Your address";
  if (field.includes("id_number") || field.includes("ssn")) return "Your tax or identity number";
  if (field.includes("verification")) return "A photo of your ID";
  if (field.includes("phone")) return "Your phone number";
  return field.replace(/[._]/g, " ");
}

/**
 * Settings → Payouts: connect a payout account with Stripe, see what Stripe still needs, open the
 * Express dashboard once connected, and the ledger of what each card order paid.
 */
export function PayoutsSection({
  overview,
  cardPaymentsEnabled,
}: {
  overview: PayoutsOverview | null;
  cardPaymentsEnabled: boolean;
}) {
  if (!cardPaymentsEnabled || !overview) {
    return (
      <p className="text-stone-700">
        Card payments are not configured on this marketplace yet, so there is nothing to pay out.
        Customers pay you in person.
      </p>
    );
  }
  const due = [
    ...new Set([
      ...(overview.requirements?.pastDue ?? []),
      ...(overview.requirements?.currentlyDue ?? []),
    ]),
  ].map(describeRequirement);

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="payout-account-heading" className="flex flex-col gap-3">
        <h3 id="payout-account-heading" className="font-bold text-stone-900">
          Payout account
        </h3>
        {overview.account === "none" ? (
          <>
            <p className="text-stone-700">
              The payout bank account needs to be set up before selling products. Stripe, our card
              payment provider, pays your card sales into it once you hand the order over.
            </p>
            <PayoutLinkButton action="onboarding" label="Connect payout account" />
          </>
        ) : overview.account === "pending" ? (
          <>
            <p className="flex items-center gap-2 text-stone-800">
              <Clock aria-hidden className="text-sun-600 size-5" />
              Stripe needs a little more before it can pay you.
            </p>
            {due.length > 0 ? (
              <ul className="list-disc pl-6 text-sm text-stone-800" aria-label="Still needed">
                {[...new Set(due)].map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-700">Stripe is checking your details.</p>
            )}
            <PayoutLinkButton action="onboarding" label="Continue onboarding" />
          </>
        ) : (
          <>
            <p className="text-leaf-800 flex items-center gap-2 font-semibold">
              <CircleCheck aria-hidden className="size-5" />
              Your payout account is ready.
            </p>
            <PayoutLinkButton
              action="dashboard"
              label="Open your Stripe dashboard"
              variant="secondary"
            />
          </>
        )}
      </section>

      <section aria-labelledby="payout-ledger-heading" className="flex flex-col gap-3">
        <h3 id="payout-ledger-heading" className="font-bold text-stone-900">
          Your payouts
        </h3>
        {overview.totals.length > 0 ? (
          <dl className="grid gap-3 sm:grid-cols-2">
            {overview.totals.map((total) => (
              <div key={total.currency} className="rounded-xl bg-stone-50 p-4">
                <dt className="text-sm text-stone-700">Paid out ({total.currency})</dt>
                <dd className="text-stone-900">
                  <span className="font-bold">
                    {formatMoney(total.thisMonthCents, total.currency)}
                  </span>{" "}
                  this month · {formatMoney(total.allTimeCents, total.currency)} in all
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {overview.ledger.length === 0 ? (
          <p className="text-stone-700">
            No payouts yet. A card order is paid out when you scan the customer&apos;s QR code at
            the handover.
          </p>
        ) : (
          <ul
            aria-label="Payouts"
            className="divide-y divide-stone-200 rounded-xl border border-stone-200"
          >
            {overview.ledger.map((row) => (
              <li key={row.orderNo} className="grid gap-1 p-4 sm:grid-cols-[1fr_auto]">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">
                    Order <span className="font-mono">{row.orderNo}</span>
                  </p>
                  <p className="text-sm text-stone-700">
                    {row.lines.map((line) => `${line.name} × ${line.qty}`).join(", ")}
                  </p>
                  <p className="text-sm text-stone-700">
                    {formatMoney(row.grossCents, row.currency)} sold −{" "}
                    {formatMoney(row.feesCents, row.currency)} fees
                  </p>
                  {row.reason ? <p className="text-sm text-stone-800">{row.reason}</p> : null}
                </div>
                <div className="sm:text-right">
                  <p className="font-bold text-stone-900">
                    {formatMoney(row.netCents, row.currency)}
                  </p>
                  <p className="text-sm text-stone-700">
                    {row.status === "paid" ? "Paid" : "Owed"} ·{" "}
                    {row.date.toLocaleDateString("en-CA", {
                      year: "numeric",
                      month: "short",
                      day: "numeric",
                      timeZone: "UTC",
                    })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
