"use client";

import type { ComponentProps } from "react";
import { clearFarmApp } from "@/components/farm-app/clear-farm-app";
import type { NavAction } from "./nav-items";

/**
 * The two menu entries that are controls rather than pages. Both stay hidden until their feature
 * ships (`accounts`, `myLocal`); the work that ships them owns these contracts:
 * - logout: POST to LOGOUT_ENDPOINT (same origin, the cookie session), which clears `_token`,
 *   `authenticated` and `member_type`; then the browser loads /login (spec part 1, section 4).
 * - My Local: dispatches OPEN_MY_LOCAL_EVENT on window; the location dialog listens for it.
 */
export const LOGOUT_ENDPOINT = "/api/users/logout";
export const OPEN_MY_LOCAL_EVENT = "marketplace:open-my-local";

export async function runNavAction(action: NavAction): Promise<void> {
  if (action === "open-my-local") {
    window.dispatchEvent(new CustomEvent(OPEN_MY_LOCAL_EVENT));
    return;
  }
  try {
    await fetch(LOGOUT_ENDPOINT, { method: "POST", credentials: "same-origin" });
    // The farm app's kept orders go with the session (decision 0054).
    await clearFarmApp();
  } finally {
    // A full load on purpose: it drops every client cache of the signed-in pages and redraws the shell.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/login");
  }
}

/** A button that runs a menu action; looks like whatever className makes it. */
export function NavActionButton({
  action,
  onAction,
  ...props
}: Omit<ComponentProps<"button">, "onClick"> & { action: NavAction; onAction?: () => void }) {
  return (
    <button
      type="button"
      {...props}
      onClick={() => {
        onAction?.();
        void runNavAction(action);
      }}
    />
  );
}
