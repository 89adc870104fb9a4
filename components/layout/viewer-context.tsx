"use client";

import { usePathname } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "./use-hydrated";
import type { ViewerAnswer } from "@/server/viewer/viewer-answer";

export { useHydrated };

/**
 * The viewer as the page shell knows it in the browser. Every page's HTML is the same for everyone
 * (so product and store pages are served whole from the cache); this asks `GET /api/viewer` once
 * per page load and hands the answer to the header, the footer, the My Local dialog and the
 * product page's review form. On a product page the call also carries the product id, so the
 * viewer's own review arrives in the same request (one statement for a member, none for a visitor).
 */
export type ViewerState =
  | { status: "pending" }
  | { status: "failed" }
  | { status: "ready"; answer: ViewerAnswer; productId: number | null };

type ViewerHandle = {
  state: ViewerState;
  /** Asks again (after a change the answer shows, e.g. the viewer's review); resolves with the new state. */
  reload: () => Promise<ViewerState>;
};

/*
 * A store outside React, not a context value: the answer often arrives while the page is still
 * streaming, and a context change above a Suspense boundary that has not hydrated yet makes React
 * give up on hydrating it and render it again in the browser (the streamed HTML then lands in a
 * hidden duplicate). With a store only the parts that read the viewer update.
 */
const PENDING: ViewerState = { status: "pending" };
let current: ViewerState = PENDING;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(next: ViewerState): void {
  current = next;
  for (const listener of listeners) listener();
}

/** The product of a product page's path, which the answer then includes the viewer's review of. */
export function productIdOfPath(pathname: string | null): number | null {
  const match = pathname ? /^\/products\/([1-9]\d{0,9})\/?$/.exec(pathname) : null;
  return match ? Number(match[1]) : null;
}

async function fetchViewer(productId: number | null): Promise<ViewerState> {
  try {
    const response = await fetch(
      `/api/viewer${productId === null ? "" : `?product=${productId}`}`,
      {
        credentials: "same-origin",
        cache: "no-store",
      },
    );
    if (!response.ok) return { status: "failed" };
    return { status: "ready", answer: (await response.json()) as ViewerAnswer, productId };
  } catch {
    return { status: "failed" };
  }
}

// Started as soon as the shell's script runs, before hydration, so the answer is often there by
// the time React is.
let early: { productId: number | null; promise: Promise<ViewerState> } | null = null;
if (typeof window !== "undefined") {
  const productId = productIdOfPath(window.location.pathname);
  early = { productId, promise: fetchViewer(productId) };
}

// The product the newest load was for (undefined before the first).
let loadedFor: number | null | undefined = undefined;
// The path the viewer was last seen on, to tell arriving at a page from staying on it.
let seenPath: string | null = null;

async function load(productId: number | null, useEarly: boolean): Promise<ViewerState> {
  loadedFor = productId;
  const pending =
    useEarly && early && early.productId === productId ? early.promise : fetchViewer(productId);
  early = null;
  const next = await pending;
  // A later load (another product) wins.
  if (loadedFor === productId) publish(next);
  return next;
}

const reload = () => load(loadedFor ?? null, false);

function onPath(pathname: string): void {
  const arrived = pathname !== seenPath;
  seenPath = pathname;
  const productId = productIdOfPath(pathname);
  // A product page needs the viewer's review of that product and, for its farm, the product's
  // version as of now (the farm comes back to it from its edit page); other pages keep the answer.
  if (productId !== null && arrived && loadedFor !== undefined) void load(productId, false);
}

export function ViewerProvider({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();

  useEffect(() => {
    seenPath = window.location.pathname;
    void load(productIdOfPath(seenPath), true);
  }, []);

  return (
    <>
      {children}
      {/* The path is read in the browser only: on the server it would make every shell per request. */}
      {hydrated ? <PathWatcher /> : null}
    </>
  );
}

function PathWatcher() {
  const pathname = usePathname();
  useEffect(() => onPath(pathname), [pathname]);
  return null;
}

export function useViewerState(): ViewerHandle {
  const state = useSyncExternalStore(
    subscribe,
    () => current,
    () => PENDING,
  );
  return { state, reload };
}
