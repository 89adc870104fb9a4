import { Sprout } from "lucide-react";
import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "Page not found",
  description: "The page you were looking for is not here.",
};

export default function NotFound() {
  return (
    <div className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <span className="bg-leaf-100 text-leaf-700 inline-flex size-16 items-center justify-center rounded-3xl">
        <Sprout aria-hidden className="size-8" strokeWidth={1.5} />
      </span>
      <p className="text-leaf-700 mt-6 text-sm font-semibold tracking-[0.1em] uppercase">
        Error 404
      </p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">Page not found</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-stone-700">
        Nothing is growing here. The page may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink href="/" size="lg">
          Back to the dashboard
        </ButtonLink>
        <ButtonLink href="/howItWorks" size="lg" variant="secondary">
          How it works
        </ButtonLink>
      </div>
    </div>
  );
}
