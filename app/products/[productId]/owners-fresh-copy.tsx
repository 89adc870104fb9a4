"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";
import { useViewerState } from "@/components/layout/viewer-context";

/** Enough for a render that was in flight during the edit to finish; never a loop. */
const MAX_REFRESHES = 3;

/**
 * The farm's own product page is never older than their own last edit (decision 0029, "Later").
 * The page is one cached copy for everyone, and a request that arrives while a render begun before
 * the edit is still running is handed that render's page (Next shares a render in flight). The
 * viewer answer tells the product's farm, and only them, when the product last changed; when the
 * copy on screen is older, the page is asked for again (the older copy is not kept, so the next
 * render reads the edit). Everyone else is served the copy as it is.
 */
export function OwnersFreshCopy({
  productId,
  copyVersion,
}: {
  productId: number;
  /** When the product had last changed as this copy of the page was rendered (ISO time). */
  copyVersion: string;
}) {
  const { state } = useViewerState();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const refreshes = useRef(0);
  const current =
    state.status === "ready" && state.productId === productId
      ? (state.answer.ownProductVersion ?? null)
      : null;

  useEffect(() => {
    if (refreshing || current === null || refreshes.current >= MAX_REFRESHES) return;
    if (Date.parse(current) <= Date.parse(copyVersion)) return;
    refreshes.current += 1;
    startRefresh(() => router.refresh());
  }, [current, copyVersion, refreshing, router]);

  return null;
}
