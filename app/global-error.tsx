"use client";

import { useEffect } from "react";
import "./globals.css";

/**
 * The root layout itself failed, so this page brings its own document and cannot rely on the
 * header or footer. Kept to plain markup so it renders even when little else does.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <html lang="en-CA">
      <body className="bg-earth-50 flex min-h-dvh items-center justify-center p-6 font-sans text-stone-800">
        <title>Something went wrong | Local Produce Marketplace</title>
        <main className="max-w-md text-center">
          <h1 className="text-3xl font-extrabold text-stone-900">Something went wrong</h1>
          <p className="mt-4 text-lg leading-relaxed text-stone-700">
            The marketplace could not be loaded just now. Please try again in a moment.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => retry()}
              className="bg-leaf-700 hover:bg-leaf-800 h-12 rounded-full px-6 font-semibold text-white"
            >
              Try again
            </button>
            {/* A full page load: the app's router may be what failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a
              href="/"
              className="inline-flex h-12 items-center justify-center rounded-full border border-stone-300 bg-white px-6 font-semibold"
            >
              Back to the dashboard
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
