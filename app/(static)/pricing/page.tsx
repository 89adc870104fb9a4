import { FEATURES } from "@/lib/features";
import { BadgeCheck, CreditCard, HandCoins, ShoppingBasket } from "lucide-react";
import type { Metadata } from "next";
import { FeatureLink } from "@/components/layout/feature-link";
import { buttonClasses } from "@/components/ui/button";
import { HorizontalScroll } from "@/components/ui/scroll-area";
import { PageIntro } from "@/components/static/page-intro";
import { PlanPricing } from "@/components/static/plan-pricing";
import { DEFAULT_SERVICE_CHARGE as fees, type Rate } from "@/lib/fees";
import { PLANS, formatMoney } from "@/lib/money";
import { pageMetadata } from "@/server/seo";

/** Its own title, description, canonical URL and link preview (server/seo.ts). */
export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Pricing",
    description: FEATURES.messaging
      ? "Free for customers. Farmers start free on the Basic plan and upgrade to Engager or Harvest for more products and customer messaging."
      : "Free for customers. Farmers start free on the Basic plan and upgrade to Engager or Harvest for more products.",
    path: "/pricing",
  });
}

// pricing (spec part 1, section 2: a Customers section and a Farmers section with three plans).
export default function PricingPage() {
  return (
    <>
      <PageIntro
        eyebrow="Pricing"
        title="Free for customers. Fair for farmers."
        lead={
          FEATURES.messaging
            ? "Shopping costs nothing extra. Farmers start free and pick a monthly plan when they want more products or to message their customers."
            : "Shopping costs nothing extra. Farmers start free and pick a monthly plan when they want more products."
        }
      />

      <section aria-labelledby="customers" className="container-page py-14 sm:py-16">
        <div className="shadow-card flex flex-col gap-6 rounded-3xl border border-stone-200 bg-white p-7 sm:flex-row sm:items-center sm:p-9">
          <span className="bg-leaf-50 text-leaf-700 inline-flex size-14 shrink-0 items-center justify-center rounded-2xl">
            <ShoppingBasket aria-hidden className="size-7" strokeWidth={1.5} />
          </span>
          <div className="flex-1">
            <h2 id="customers" className="text-2xl font-extrabold">
              Customers
            </h2>
            <p className="mt-2 text-lg leading-relaxed text-stone-700">
              Free, always. No subscription and no sign-up fee: browse
              {FEATURES.messaging ? ", ask farmers questions" : ""} and buy, paying only for what
              you order.
            </p>
          </div>
          <p className="text-leaf-800 text-4xl font-extrabold">Free</p>
        </div>
      </section>

      <section aria-labelledby="plans" className="bg-white py-14 sm:py-16">
        <div className="container-page">
          <h2 id="plans" className="text-2xl font-extrabold sm:text-3xl">
            Farmers
          </h2>
          <p className="mt-3 max-w-2xl text-lg leading-relaxed text-stone-700">
            Monthly plans in your own currency. Every plan includes a store page, order management
            and payment options; they differ in how many products you can list
            {FEATURES.messaging ? " and whether you can message customers" : ""}.
          </p>
          <div className="mt-10">
            <PlanPricing />
          </div>
          <div className="border-leaf-200 bg-leaf-50 mt-8 flex flex-col gap-4 rounded-2xl border p-5 text-stone-800 sm:flex-row sm:items-center">
            <BadgeCheck aria-hidden className="text-leaf-700 size-6 shrink-0" />
            <p className="flex-1 leading-relaxed">
              Plans are bought once you have signed up as a farmer: you start on Basic, and can move
              to Engager or Harvest from your settings at any time. Paid plans renew each month
              until you cancel.
            </p>
            <FeatureLink
              feature="accounts"
              href="/merchants/register"
              fallback={null}
              className={buttonClasses({ size: "sm" })}
            >
              Register as a farmer
            </FeatureLink>
          </div>

          <PlanLimitsTable />
        </div>
      </section>

      <section aria-labelledby="fees" className="container-page py-14 sm:py-16">
        <h2 id="fees" className="text-2xl font-extrabold sm:text-3xl">
          Fees on payments
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-3xl border border-stone-200 bg-white p-7">
            <CreditCard aria-hidden className="text-leaf-700 size-7" strokeWidth={1.5} />
            <h3 className="mt-4 text-xl font-bold">Card payments</h3>
            <p className="mt-2 leading-relaxed text-stone-700">
              The card processor takes {percent(fees.baseRate)} plus{" "}
              {formatMoney(fees.baseAmountCents, "CAD")}, plus {percent(fees.internationalCcRate)}{" "}
              for non-Canadian cards, and a flat {formatMoney(fees.handlingFeeAmountCents, "CAD")}{" "}
              handling fee applies. The product form shows your estimated earning after fees before
              you list anything. You are paid once you scan the customer&apos;s order QR code at
              handover.
            </p>
          </div>
          <div className="rounded-3xl border border-stone-200 bg-white p-7">
            <HandCoins aria-hidden className="text-leaf-700 size-7" strokeWidth={1.5} />
            <h3 className="mt-4 text-xl font-bold">Pay in person</h3>
            <p className="mt-2 leading-relaxed text-stone-700">
              Customers can pay you directly at pickup or delivery when you accept it. There is no
              card processor in between, and so no guarantee from the card payment provider either.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

/** "0.029" → "2.9%": the rate as merchants read it (part 2, section 9, fees text). */
function percent(rate: Rate): string {
  return `${Number((Number(rate) * 100).toFixed(2))}%`;
}

/** The limits table of spec part 1, section 6 (Plans). */
function PlanLimitsTable() {
  const products = (limit: number | null) => (limit === null ? "Unlimited" : `Up to ${limit}`);
  return (
    <div className="mt-14">
      <h3 className="text-xl font-bold">Compare plans</h3>
      <HorizontalScroll label="Compare plans" className="mt-4">
        <table className="w-full min-w-[20rem] border-collapse text-left">
          <caption className="sr-only">What each plan includes</caption>
          <thead className="bg-earth-100 text-sm text-stone-800">
            <tr>
              <th scope="col" className="px-5 py-3 font-semibold">
                Plan
              </th>
              <th scope="col" className="px-5 py-3 font-semibold">
                Products
              </th>
              {FEATURES.messaging ? (
                <th scope="col" className="px-5 py-3 font-semibold">
                  Messaging
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200 bg-white">
            {PLANS.map((plan) => (
              <tr key={plan.id}>
                <th scope="row" className="px-5 py-4 font-semibold text-stone-900">
                  {plan.name}
                  {plan.priceCents.CAD === 0 ? " (free)" : ""}
                </th>
                <td className="px-5 py-4 text-stone-700">
                  {products(plan.productLimit)}
                  {plan.priceCents.CAD === 0
                    ? ", store page, order management, payment options"
                    : ""}
                </td>
                {FEATURES.messaging ? (
                  <td className="px-5 py-4 text-stone-700">
                    {plan.messaging ? "Included" : "Not included"}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </HorizontalScroll>
    </div>
  );
}
