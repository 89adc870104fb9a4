"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { OPEN_MY_LOCAL_EVENT } from "@/components/layout/nav-action";
import { useViewerState } from "@/components/layout/viewer-context";
import type { CountryCode } from "@/lib/regions";
import type { LocationAnswer } from "@/server/location/types";
import { isMyLocalExcludedPath, rememberMyLocalDismissal } from "@/lib/location/my-local-paths";

// The form (Radix dialog, react-hook-form; zod later, on the first check) loads only when the
// dialog opens: at once when asked for, at the browser's first idle moment when it opens by itself.
const loadDialog = () => import("./location-dialog").then((m) => m.LocationDialog);
const LocationDialog = dynamic(loadDialog, { ssr: false });

/** How long an automatic opening waits at most for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * True once the browser has been idle after `enabled` turned true and the dialog's code is in, so
 * a first visit's page hydrates and paints before the dialog's script runs. The dialog is an
 * overlay (fixed, in a portal), so opening it later moves nothing on the page.
 */
function useDialogLoadedWhenIdle(enabled: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!enabled || loaded) return;
    let live = true;
    const load = () =>
      void loadDialog()
        .catch(() => undefined) // next/dynamic tries again as it renders
        .then(() => live && setLoaded(true));
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
      return () => {
        live = false;
        window.cancelIdleCallback(id);
      };
    }
    const timer = window.setTimeout(load, 200);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [enabled, loaded]);
  return loaded;
}

/** Phones: the dialog would fill the first screen, so the first ask is a compact prompt. */
const PHONE_QUERY = "(max-width: 639px)";

function subscribePhone(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/**
 * Opens the My Local dialog: from the menu's My Local entry (OPEN_MY_LOCAL_EVENT), and by itself
 * when the server says the viewer has no location yet, on pages that are not excluded and with no
 * notice dialog showing. Closing it without saving keeps it shut for the rest of the session. On
 * a phone the automatic ask is a compact prompt at the foot of the screen, so the visitor sees the
 * page first; its Set my location opens the dialog, Not now counts as closing it.
 */
export function MyLocalLauncher({
  initial,
  defaultCountry,
  autoOpen,
}: {
  initial: LocationAnswer | null;
  defaultCountry: CountryCode;
  autoOpen: boolean;
}) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const router = useRouter();
  const { reload } = useViewerState();
  const [requested, setRequested] = useState(false);
  const [autoDismissed, setAutoDismissed] = useState(false);
  const isPhone = useIsPhone();

  useEffect(() => {
    const open = () => setRequested(true);
    window.addEventListener(OPEN_MY_LOCAL_EVENT, open);
    return () => window.removeEventListener(OPEN_MY_LOCAL_EVENT, open);
  }, []);

  const opensByItself =
    autoOpen && !autoDismissed && !isMyLocalExcludedPath(pathname) && !searchParams.has("notice");
  // A phone's automatic ask is the prompt below, which needs none of the dialog's code.
  const autoDialogReady = useDialogLoadedWhenIdle(opensByItself && !requested && !isPhone);
  if (!requested && !opensByItself) return null;

  function close(outcome: "saved" | "dismissed") {
    setRequested(false);
    setAutoDismissed(true);
    if (outcome === "dismissed") rememberMyLocalDismissal();
    else {
      // Listings, the map and the titles read the location on the server; the shell's own copy
      // (what the dialog shows when opened again) comes from the viewer call.
      router.refresh();
      void reload();
    }
  }

  if (!requested && isPhone)
    return <MyLocalPrompt onOpen={() => setRequested(true)} onDismiss={() => close("dismissed")} />;
  if (!requested && !autoDialogReady) return null;
  return <LocationDialog initial={initial} defaultCountry={defaultCountry} onClose={close} />;
}

/** The phone's first ask: one line and two buttons over the foot of the page, not a dialog. */
function MyLocalPrompt({ onOpen, onDismiss }: { onOpen: () => void; onDismiss: () => void }) {
  return (
    <section
      aria-label="My Local"
      className="shadow-lift fixed inset-x-3 bottom-3 z-40 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <p className="font-semibold text-stone-900">See the farms near you first?</p>
      <p className="mt-0.5 text-sm text-stone-700">
        Tell us where you are; you can change it any time.
      </p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={onOpen}
          className="bg-leaf-700 hover:bg-leaf-800 inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold text-white"
        >
          Set my location
        </button>
        <button
          type="button"
          onClick={onDismiss}
          className="hover:bg-leaf-50 inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold text-stone-700"
        >
          Not now
        </button>
      </div>
    </section>
  );
}
