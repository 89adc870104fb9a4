"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { getNotice } from "@/lib/notices";
import { useHydrated } from "./viewer-context";

// The dialog itself (Radix) loads only on a page that has a notice to show.
const NoticeDialogContent = dynamic(
  () => import("./notice-dialog-content").then((m) => m.NoticeDialogContent),
  { ssr: false },
);

/**
 * Spec part 1, section 2: a `notice` query parameter on any page opens a notice dialog
 * (`/profile?notice=require_info`). Closing it takes the parameter out of the URL without
 * scrolling, so a reload or a shared link does not open it again. Unknown keys show nothing.
 */
export function NoticeDialog() {
  // Rendered in the browser only: reading the query on the server would make every page's shell
  // per request (Partial Prerendering leaves a hole there), and the dialog loads on the client anyway.
  return useHydrated() ? <QueryNoticeDialog /> : null;
}

function QueryNoticeDialog() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const key = searchParams.get("notice");
  const notice = getNotice(key);
  // Closes at once, before the URL update lands. Once the query changes (the parameter is gone,
  // or a later link brings one back) the dismissal is forgotten, so the next notice opens.
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    setDismissedKey(null);
  }

  if (!notice) return null;

  function dismiss() {
    setDismissedKey(key);
    const rest = new URLSearchParams(searchParams.toString());
    rest.delete("notice");
    const query = rest.toString();
    router.replace(`${pathname}${query ? `?${query}` : ""}${window.location.hash}`, {
      scroll: false,
    });
  }

  return <NoticeDialogContent notice={notice} open={dismissedKey !== key} onDismiss={dismiss} />;
}
