"use client";

import dynamic from "next/dynamic";

// The timer is its own chunk: the layout mounts this only for signed-in members (once the viewer
// call says so), so visitors' pages never carry it. Its dialog is a further chunk, fetched when the
// countdown first starts (idle-timer.tsx).
const IdleTimer = dynamic(() => import("./idle-timer").then((m) => m.IdleTimer));

/** The idle timer (idle-timer.tsx), loaded on demand. */
export function LazyIdleTimer() {
  return <IdleTimer />;
}
