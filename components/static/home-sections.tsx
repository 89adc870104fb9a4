"use client";

// A client module with no props, though nothing here is interactive: a server component's markup
// goes into the page twice, as HTML and again as its element tree in the page data; a client
// component's only as HTML, its code in the bundle the browser caches (Session 15 in
// docs/performance.md). It renders the same HTML on the server.

import { FEATURES } from "@/lib/features";
import {
  ArrowRight,
  CreditCard,
  HandCoins,
  MapPin,
  QrCode,
  ShoppingBasket,
  Tractor,
  Truck,
} from "lucide-react";
import Link from "next/link";
import { ButtonLink, buttonClasses } from "@/components/ui/button";
import { FeatureLink } from "@/components/layout/feature-link";
import { isFeatureOn } from "@/lib/features";
import { HomeSection } from "./home-section";

const STEPS = [
  {
    icon: MapPin,
    title: "Find farms near you",
    text: "See the farmers and gardeners around you and what they have picked this week.",
  },
  {
    icon: ShoppingBasket,
    title: "Fill your basket",
    text: "Add what you like to your cart, or keep it in your Dream Tracker for later.",
  },
  {
    icon: Truck,
    title: "Pick up or get it delivered",
    text: "Collect it at the farm or have it brought to you where the farmer delivers. Pay by card or in person.",
  },
];

/** "How it works" in three steps. */
export function HomeSteps() {
  return (
    <HomeSection
      id="home-steps"
      tone="tinted"
      title="How it works"
      description="Three steps from the field to your kitchen."
      action={
        <Link
          href="/howItWorks"
          className="text-leaf-800 inline-flex items-center gap-1.5 rounded font-semibold underline-offset-4 hover:underline"
        >
          The full guide for customers <ArrowRight aria-hidden className="size-4" />
        </Link>
      }
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="bg-earth-50 relative rounded-3xl border border-stone-200 p-7">
            <div className="flex items-center justify-between">
              <span className="bg-leaf-700 inline-flex size-12 items-center justify-center rounded-2xl text-white">
                <Icon aria-hidden className="size-6" strokeWidth={1.75} />
              </span>
              <span aria-hidden className="text-earth-200 text-5xl font-extrabold">
                {index + 1}
              </span>
            </div>
            <h3 className="mt-6 text-xl font-bold">
              <span className="sr-only">Step {index + 1}: </span>
              {title}
            </h3>
            <p className="mt-2 leading-relaxed text-stone-700">{text}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}

/** Who the marketplace is for: customers shop free, farmers start free. */
export function HomeAudiences() {
  return (
    <HomeSection id="home-audiences" title="Made for both sides of the farm stand">
      <div className="grid gap-6 lg:grid-cols-2">
        <article className="shadow-card flex flex-col rounded-3xl border border-stone-200 bg-white p-8">
          <ShoppingBasket aria-hidden className="text-leaf-700 size-9" strokeWidth={1.5} />
          <h3 className="mt-5 text-2xl font-bold">For customers</h3>
          <p className="mt-3 flex-1 text-lg leading-relaxed text-stone-700">
            {/* Promises only what is built (lib/features.ts): Ask The Farmer is messaging. */}
            {FEATURES.messaging
              ? "Free to use. Browse without an account, ask a farmer a question before you buy, and leave a review once it is on your table."
              : "Free to use. Browse without an account, pay by card or in person, and leave a review once it is on your table."}
          </p>
          <div className="mt-7">
            <ButtonLink href="/howItWorks" variant="secondary">
              How buying works
            </ButtonLink>
          </div>
        </article>
        <article className="bg-leaf-800 text-leaf-50 shadow-card flex flex-col rounded-3xl p-8">
          <Tractor aria-hidden className="text-leaf-200 size-9" strokeWidth={1.5} />
          <h3 className="mt-5 text-2xl font-bold text-white">For farmers and gardeners</h3>
          <p className="text-leaf-100 mt-3 flex-1 text-lg leading-relaxed">
            Open a store and start free on the Basic plan with up to 2 products. Upgrade when you
            grow, for more products{FEATURES.messaging ? " and messaging with your customers" : ""}.
          </p>
          <div className="mt-7 flex flex-wrap gap-3">
            <ButtonLink href="/howItWorks/merchant" variant="inverse">
              How selling works
            </ButtonLink>
            <Link
              href="/pricing#plans"
              className="focus-visible:outline-earth-50 inline-flex h-11 items-center gap-1.5 rounded-full px-4 font-semibold text-white underline-offset-4 hover:underline"
            >
              Compare plans <ArrowRight aria-hidden className="size-4" />
            </Link>
          </div>
        </article>
      </div>
    </HomeSection>
  );
}

/** The two ways to pay (spec part 1, section 9, payment options). */
export function HomePayments() {
  return (
    <section
      aria-labelledby="home-payments-title"
      className="bg-leaf-950 text-leaf-100 py-16 sm:py-20"
    >
      <div className="container-page">
        <h2
          id="home-payments-title"
          className="max-w-2xl text-2xl font-extrabold text-white sm:text-3xl"
        >
          Pay the way that suits you both
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="rounded-3xl border border-white/10 bg-white/5 p-7">
            <div className="flex items-center gap-3">
              <CreditCard aria-hidden className="text-leaf-300 size-7" strokeWidth={1.5} />
              <QrCode aria-hidden className="text-leaf-300 size-7" strokeWidth={1.5} />
            </div>
            <h3 className="mt-5 text-xl font-bold text-white">Pay by card</h3>
            <p className="mt-2 leading-relaxed">
              Guaranteed: the farmer is paid once they scan your order&apos;s QR code when you
              receive it.
            </p>
          </div>
          <div className="rounded-3xl border border-white/10 bg-white/5 p-7">
            <HandCoins aria-hidden className="text-leaf-300 size-7" strokeWidth={1.5} />
            <h3 className="mt-5 text-xl font-bold text-white">Pay in person</h3>
            <p className="mt-2 leading-relaxed">
              Settle up with the farmer at pickup or delivery. Simple, though it carries no
              guarantee from the card payment provider.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The closing invitation to farmers. */
export function HomeClosing() {
  return (
    <section aria-labelledby="home-closing-title" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="border-earth-200 bg-earth-100 rounded-[2rem] border px-6 py-12 text-center sm:px-12">
          <h2 id="home-closing-title" className="text-2xl font-extrabold sm:text-3xl">
            Grow something worth sharing?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg leading-relaxed text-stone-700">
            Sell to the people who live near you. Basic is free, and every plan includes your own
            store page and order management.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <FeatureLink
              feature="accounts"
              href="/merchants/register"
              fallback={null}
              className={buttonClasses({ size: "lg", variant: "primary" })}
            >
              Register as a farmer
            </FeatureLink>
            <ButtonLink
              href="/pricing#plans"
              size="lg"
              // One filled button per row: Register takes it once accounts exist.
              variant={isFeatureOn("accounts") ? "secondary" : "primary"}
            >
              See plans and pricing
            </ButtonLink>
            <ButtonLink href="/howItWorks/merchant" size="lg" variant="secondary">
              How selling works
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
