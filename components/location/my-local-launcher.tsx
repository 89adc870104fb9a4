"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { OPEN_MY_LOCAL_EVENT } from "@/components/layout/nav-action";
import { useViewerState } from "@/components/layout/viewer-context";
import type { CountryCode } from "@/lib/regions";
import type { LocationAnswer } from "@/server/location/types";
import { isMyLocalExcludedPath, rememberMyLocalDismissal } from "./my-local-paths";

// The form (Radix dialog, react-hook-form, zod) loads only when the dialog opens.
const LocationDialog = dynamic(() => import("./location-dialog").then((m) => m.LocationDialog), {
  ssr: false,
});

/**
 * Opens the My Local dialog: from the menu's My Local entry (OPEN_MY_LOCAL_EVENT), and by itself
 * when the server says the viewer has no location yet, on pages that are not excluded and with no
 * notice dialog showing. Closing it without saving keeps it shut for the rest of the session.
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

  useEffect(() => {
    const open = () => setRequested(true);
    window.addEventListener(OPEN_MY_LOCAL_EVENT, open);
    return () => window.removeEventListener(OPEN_MY_LOCAL_EVENT, open);
  }, []);

  const opensByItself =
    autoOpen && !autoDismissed && !isMyLocalExcludedPath(pathname) && !searchParams.has("notice");
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

  return <LocationDialog initial={initial} defaultCountry={defaultCountry} onClose={close} />;
}
