"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { postJson } from "@/components/password/post-json";

// Spec part 2 section 8, "Short link".
export const NO_LINK_TO_REDIRECT =
  "There is no link to redirect. Please let us know via 'contact us' page.";

/**
 * shortLink: asks for the address the code stands for and replaces this page with it (so Back
 * does not land here again). Only an address on this very origin is followed, whatever the server
 * said; anything else, an empty answer or a failure shows the spec's message.
 */
export function ShortLinkRedirect({ code }: { code: string }) {
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void postJson<{ originalUrl?: unknown }>("/api/links/getOriginal", { shortUrl: code }).then(
      (answer) => {
        const target = answer.ok ? sameOriginUrl(answer.data?.originalUrl) : null;
        if (target) window.location.replace(target);
        else setFailed(true);
      },
    );
  }, [code]);

  if (failed) {
    return (
      <p role="alert" className="font-semibold text-red-800">
        {NO_LINK_TO_REDIRECT}{" "}
        <Link href="/contactUs" className="text-leaf-800 underline underline-offset-2">
          Contact us
        </Link>
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-3 text-stone-700">
      <span
        aria-hidden
        className="border-leaf-600 size-5 animate-spin rounded-full border-2 border-t-transparent"
      />
      Taking you to the page…
    </p>
  );
}

function sameOriginUrl(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}
