"use client";

import dynamic from "next/dynamic";

// The stream's client is its own chunk, fetched once a member's header is shown: visitors'
// pages never carry it and the first-load budget does not either.
const LiveMessagesWatcher = dynamic(
  () => import("./live-messages-watcher").then((m) => m.LiveMessagesWatcher),
  { ssr: false },
);

/** The live message dot (live-messages-watcher.tsx), loaded on demand. */
export function LazyLiveMessages() {
  return <LiveMessagesWatcher />;
}
