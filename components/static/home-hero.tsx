"use client";

// A client module with no props, though nothing here is interactive: a server component's markup
// goes into the page twice, as HTML and again as its element tree in the page data; a client
// component's only as HTML, its code in the bundle the browser caches (Session 15 in
// docs/performance.md). It renders the same HTML on the server.

import {
  Apple,
  Carrot,
  Cherry,
  Check,
  Egg,
  Grape,
  MapPin,
  Salad,
  Sprout,
  Wheat,
  Citrus,
  Bean,
  type LucideIcon,
} from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { RADIUS_MAX_KM } from "@/lib/constants";

const PROMISES = [
  "Free for customers",
  "Card payments released only at handover",
  "Farm pickup or delivery",
];

/** The dashboard's opening: what the marketplace promises and where to go next. */
export function HomeHero() {
  return (
    <section
      aria-labelledby="home-title"
      className="from-earth-100 via-earth-50 to-earth-50 relative overflow-hidden bg-gradient-to-b"
    >
      <FieldLines />
      <div className="container-page relative grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,0.85fr)] lg:py-24">
        <div>
          <p className="border-leaf-200 text-leaf-800 inline-flex items-center gap-2 rounded-full border bg-white/80 px-3.5 py-1.5 text-sm font-semibold shadow-sm">
            <Sprout aria-hidden className="size-4" />
            Fresh from farms near you
          </p>
          <h1
            id="home-title"
            className="mt-6 text-4xl leading-[1.05] font-extrabold sm:text-5xl xl:text-[3.5rem]"
          >
            Fresh food, straight from the farmers down the road.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone-700 sm:text-xl">
            Buy fruit, vegetables, eggs and more from the farmers and gardeners around you. Pick it
            up at the farm or have it delivered, and pay by card or in person.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink href="/howItWorks" size="lg">
              See how it works
            </ButtonLink>
            <ButtonLink href="/pricing#plans" size="lg" variant="secondary">
              Pricing for farmers
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2.5 text-[0.9375rem] text-stone-700 sm:flex-row sm:flex-wrap">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <span className="bg-leaf-700 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-white">
                  <Check aria-hidden className="size-3.5" strokeWidth={3} />
                </span>
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <ProduceStand />
      </div>
    </section>
  );
}

const STAND: { icon: LucideIcon; tile: string; ink: string }[] = [
  { icon: Carrot, tile: "bg-orange-100", ink: "text-orange-700" },
  { icon: Salad, tile: "bg-leaf-100", ink: "text-leaf-700" },
  { icon: Apple, tile: "bg-red-100", ink: "text-red-700" },
  { icon: Wheat, tile: "bg-earth-100", ink: "text-earth-700" },
  { icon: Egg, tile: "bg-amber-50", ink: "text-amber-700" },
  { icon: Cherry, tile: "bg-rose-100", ink: "text-rose-700" },
  { icon: Grape, tile: "bg-violet-100", ink: "text-violet-700" },
  { icon: Bean, tile: "bg-lime-100", ink: "text-lime-700" },
  { icon: Citrus, tile: "bg-yellow-100", ink: "text-yellow-700" },
];

/** A decorative market stand of produce tiles. */
function ProduceStand() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md sm:block">
      <div className="bg-leaf-100/60 absolute -inset-6 -z-10 rounded-[2.5rem] blur-2xl" />
      <div className="border-earth-200 shadow-lift rounded-[2rem] border bg-white p-5">
        <div className="mb-4 flex items-center justify-between">
          <div className="h-3 w-28 rounded-full bg-stone-200" />
          <div className="flex gap-1.5">
            <span className="bg-leaf-300 size-3 rounded-full" />
            <span className="bg-sun-300 size-3 rounded-full" />
            <span className="bg-earth-300 size-3 rounded-full" />
          </div>
        </div>
        <div className="grid grid-cols-3 gap-3">
          {STAND.map(({ icon: Icon, tile, ink }, index) => (
            <div
              key={index}
              className={`flex aspect-square items-center justify-center rounded-2xl ${tile}`}
            >
              <Icon className={`size-10 ${ink}`} strokeWidth={1.5} />
            </div>
          ))}
        </div>
      </div>
      <div className="shadow-card absolute -bottom-5 -left-4 flex items-center gap-2.5 rounded-2xl border border-stone-200 bg-white px-4 py-3">
        <span className="bg-leaf-700 inline-flex size-9 items-center justify-center rounded-full text-white">
          <MapPin className="size-5" />
        </span>
        <span className="text-sm leading-tight">
          <span className="block font-semibold text-stone-900">Grown nearby</span>
          <span className="text-stone-600">Search up to {RADIUS_MAX_KM} km around you</span>
        </span>
      </div>
    </div>
  );
}

/** Soft furrow lines behind the hero, like a ploughed field. */
function FieldLines() {
  return (
    <svg
      aria-hidden="true"
      className="text-earth-200/60 absolute inset-x-0 bottom-0 h-24 w-full"
      preserveAspectRatio="none"
      viewBox="0 0 1200 160"
    >
      {[0, 1, 2, 3].map((i) => (
        <path
          key={i}
          d={`M0 ${70 + i * 24} C 300 ${50 + i * 24}, 900 ${100 + i * 24}, 1200 ${60 + i * 24}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      ))}
    </svg>
  );
}
