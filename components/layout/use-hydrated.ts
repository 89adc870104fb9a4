"use client";

import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/**
 * False on the server and in the hydration render, true after: for parts the server must not
 * render, and for controls that would swallow a tap made before their handlers exist (render them
 * disabled until then, so a slow phone shows the wait instead of ignoring the tap).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
