"use client";

import { Download, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

type InstallEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };

const VISITS_KEY = "farm-app:visits";
const DISMISSED_KEY = "farm-app:install-dismissed";
/** Set by the scanner after a handover: the moment the app has just proved useful. */
export const HANDOVER_DONE_KEY = "farm-app:handover-done";
/** Not on the first visit: a farm that came back twice is one that uses the site. */
const VISITS_BEFORE_PROMPT = 3;
const DISMISS_DAYS = 30;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // A browser that keeps nothing shows the offer again later; nothing else depends on it.
  }
}

/** Counts this browser session once as a visit; answers the visits so far. */
function countVisit(): number {
  const visits = Number(read(VISITS_KEY) ?? "0");
  try {
    if (sessionStorage.getItem(VISITS_KEY)) return visits;
    sessionStorage.setItem(VISITS_KEY, "1");
  } catch {
    return visits;
  }
  write(VISITS_KEY, String(visits + 1));
  return visits + 1;
}

function isDue(visits: number): boolean {
  const dismissed = Number(read(DISMISSED_KEY) ?? "0");
  if (Date.now() - dismissed < DISMISS_DAYS * 24 * 60 * 60 * 1000) return false;
  return visits >= VISITS_BEFORE_PROMPT || read(HANDOVER_DONE_KEY) === "1";
}

/**
 * The offer to install the farm app: only once the browser says it can be installed, and only at a
 * sensible moment (the farm's third visit, or after a handover in the app), never on the first
 * visit; "Not now" keeps it away for a month.
 */
export function InstallPrompt() {
  const [event, setEvent] = useState<InstallEvent | null>(null);

  useEffect(() => {
    const visits = countVisit();
    const onPrompt = (e: Event) => {
      e.preventDefault();
      if (isDue(visits)) setEvent(e as InstallEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!event) return null;
  return (
    <aside
      aria-label="Install the farm app"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-lg"
    >
      <p className="flex-1 text-sm text-stone-800">
        Install the farm app: your orders and the handover scanner, one tap away, even offline.
      </p>
      <Button
        size="sm"
        onClick={() => {
          void event.prompt();
          setEvent(null);
        }}
      >
        <Download aria-hidden className="size-4" />
        Install
      </Button>
      <button
        type="button"
        aria-label="Not now"
        className="rounded-full p-1 text-stone-600 hover:bg-stone-100"
        onClick={() => {
          write(DISMISSED_KEY, String(Date.now()));
          setEvent(null);
        }}
      >
        <X aria-hidden className="size-4" />
      </button>
    </aside>
  );
}
