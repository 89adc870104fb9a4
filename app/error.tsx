"use client";

import { CloudRain } from "lucide-react";
import Link from "next/link";
import { useEffect } from "react";
import { SITE_NAME } from "@/lib/site";
import { Button, buttonClasses } from "@/components/ui/button";

/** A page failed to render: say so plainly, offer a retry and a way home. The details stay in the log. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const digest = error instanceof Error && "digest" in error ? String(error.digest) : null;

  return (
    <div className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <title>{`Something went wrong | ${SITE_NAME}`}</title>
      <span className="bg-earth-100 text-earth-700 inline-flex size-16 items-center justify-center rounded-3xl">
        <CloudRain aria-hidden className="size-8" strokeWidth={1.5} />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold sm:text-4xl">Something went wrong</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-stone-700">
        This page could not be loaded just now. Please try again in a moment.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={() => retry()}>
          Try again
        </Button>
        <Link href="/" className={buttonClasses({ size: "lg", variant: "secondary" })}>
          Back to the dashboard
        </Link>
      </div>
      {digest ? <p className="mt-6 text-sm text-stone-600">Reference: {digest}</p> : null}
    </div>
  );
}
