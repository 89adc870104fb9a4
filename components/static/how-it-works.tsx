import { FEATURES } from "@/lib/features";
import {
  BadgeCheck,
  ClipboardList,
  CreditCard,
  Landmark,
  MapPin,
  PackagePlus,
  QrCode,
  Search,
  ShoppingBasket,
  Star,
  Store,
  UserPlus,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { ButtonLink } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { RADIUS_MAX_KM } from "@/lib/constants";

export type Audience = "customer" | "merchant";
export const AUDIENCES: readonly Audience[] = ["customer", "merchant"];

type Step = { icon: LucideIcon; title: string; text: string };

/** Headings, steps and notes of each guide, from the flows in spec parts 1 and 2. */
export const GUIDES: Record<
  Audience,
  { tab: string; title: string; lead: string; steps: Step[]; note: string }
> = {
  customer: {
    tab: "Customer",
    title: "Buying fresh food from local farmers",
    lead: "No account needed to look around. Here is how an order goes from a farmer's field to your kitchen.",
    steps: [
      {
        icon: MapPin,
        title: "Set your area",
        text: `Tell us where you are with My Local and how far you would travel, up to ${RADIUS_MAX_KM} km. We show the farms closest to you first.`,
      },
      {
        icon: Search,
        title: "Find what's in season",
        text: "Search products, see what is popular or newly arrived, browse farmers on the map and read other customers' reviews.",
      },
      {
        icon: ShoppingBasket,
        title: "Fill your basket",
        text: FEATURES.messaging
          ? "Add products to your cart, or save them in your Dream Tracker for another day. Ask a farmer a question with Ask The Farmer."
          : "Add products to your cart, or save them in your Dream Tracker for another day.",
      },
      {
        icon: CreditCard,
        title: "Choose how to pay and receive",
        text: "Pay by card or in person, and have it delivered where the farmer offers delivery or pick it up at their store.",
      },
      {
        icon: QrCode,
        title: "Meet your farmer",
        text: "At pickup or delivery, show your order's QR code. The farmer scans it to confirm the handover, and only then is a card payment released to them.",
      },
      {
        icon: Star,
        title: "Share how it was",
        text: "Review what you bought to help your neighbours and the farmer. You can edit or delete your review later.",
      },
    ],
    note: "Your purchases are listed under My Purchases, where you can follow each order and cancel one while it still qualifies.",
  },
  merchant: {
    tab: "Merchant",
    title: "Selling what you grow",
    lead: "Open your own store on the marketplace and reach customers who live nearby. Starting is free.",
    steps: [
      {
        icon: UserPlus,
        title: "Register as a farmer",
        text: "Sign up with your farm's details. Every farmer starts on the free Basic plan, with up to 2 products.",
      },
      {
        icon: Store,
        title: "Set up your store",
        text: "Add a photo and an introduction, then choose the payment options you accept: card, in person, or both.",
      },
      {
        icon: Landmark,
        title: "Connect your payout account",
        text: "Link your bank account through our card payment provider. It is needed before you sell, and card payments are paid out to it.",
      },
      {
        icon: PackagePlus,
        title: "List your products",
        text: "Add a photo, a price, sold by weight or by the item, delivery and stock. The form shows your estimated earning after fees.",
      },
      {
        icon: ClipboardList,
        title: "Fill your orders",
        text: "Follow new orders in Customer Orders, update their status and contact the customer when you need to.",
      },
      {
        icon: BadgeCheck,
        title: "Hand over and get paid",
        text: "Scan the customer's order QR code when they receive it. That confirms the order and releases a card payment to you.",
      },
    ],
    note: FEATURES.messaging
      ? "Basic lists up to 2 products. Engager allows 4 and adds messaging with your customers; Harvest is unlimited. Upgrade any time as you grow."
      : "Basic lists up to 2 products, Engager 4, and Harvest is unlimited. Upgrade any time as you grow.",
  },
};

/** The Customer and Merchant tabs: links, so each guide has its own address and works without JavaScript. */
export function AudienceTabs({ current }: { current: Audience }) {
  return (
    <nav aria-label="Guides" className="mt-8">
      <ul className="inline-flex rounded-full border border-stone-300 bg-white p-1 shadow-sm">
        {AUDIENCES.map((audience) => {
          const selected = audience === current;
          return (
            <li key={audience}>
              <Link
                href={audience === "customer" ? "/howItWorks" : `/howItWorks/${audience}`}
                aria-current={selected ? "page" : undefined}
                scroll={false}
                className={cn(
                  "inline-flex h-10 items-center rounded-full px-5 text-[0.9375rem] font-semibold transition-colors",
                  selected ? "bg-leaf-700 text-white" : "hover:text-leaf-800 text-stone-700",
                )}
              >
                {GUIDES[audience].tab}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** One guide: numbered steps, a closing note and the next place to go. */
export function AudienceGuide({ audience }: { audience: Audience }) {
  const guide = GUIDES[audience];
  return (
    <section aria-labelledby="guide-title" className="container-page py-14 sm:py-16">
      <h2 id="guide-title" className="text-2xl font-extrabold sm:text-3xl">
        {guide.title}
      </h2>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-stone-700">{guide.lead}</p>
      <ol className="mt-10 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        {guide.steps.map(({ icon: Icon, title, text }, index) => (
          <li
            key={title}
            className="shadow-card flex gap-4 rounded-3xl border border-stone-200 bg-white p-6"
          >
            <span className="bg-leaf-50 text-leaf-700 inline-flex size-12 shrink-0 items-center justify-center rounded-2xl">
              <Icon aria-hidden className="size-6" strokeWidth={1.75} />
            </span>
            <div>
              <h3 className="text-lg font-bold">
                <span className="text-leaf-700 mr-1.5">{index + 1}.</span>
                {title}
              </h3>
              <p className="mt-1.5 leading-relaxed text-stone-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="bg-earth-100 mt-10 flex flex-col gap-5 rounded-3xl p-7 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl leading-relaxed text-stone-800">{guide.note}</p>
        {audience === "merchant" ? (
          <ButtonLink href="/pricing#plans">Compare plans</ButtonLink>
        ) : (
          <ButtonLink href="/howItWorks/merchant" variant="secondary">
            How selling works
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
