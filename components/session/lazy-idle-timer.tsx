"use client";

import dynamic from "next/dynamic";

// The timer's dialog (Radix AlertDialog with its focus trap, scroll lock and portal, about 18 kB
// gzipped) is its own chunk: the layout mounts this only for signed-in members, so visitors' pages
// never carry it. Rendered on the server too, so a member's page lists the chunk in its HTML and
// the timer starts with hydration, as it did when it was imported directly.
const IdleTimer = dynamic(() => import("./idle-timer").then((m) => m.IdleTimer));

/** The idle timer (idle-timer.tsx), loaded on demand. */
export function LazyIdleTimer() {
  return <IdleTimer />;
}
