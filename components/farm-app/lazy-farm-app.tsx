"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { clearFarmApp } from "./clear-farm-app";

// Its own chunk, loaded only once the viewer call says a farm is signed in: nobody else's pages
// carry the service worker's registration, the queue or the install offer.
const FarmApp = dynamic(() => import("./farm-app").then((m) => m.FarmApp), { ssr: false });

/**
 * The farm app for a signed-in farm; for anyone else, the app of a farm that signed out another
 * way (the session ended, a password change) is cleared here (decision 0054).
 */
export function LazyFarmApp({ isFarm }: { isFarm: boolean }) {
  useEffect(() => {
    if (!isFarm) void clearFarmApp();
  }, [isFarm]);
  return isFarm ? <FarmApp /> : null;
}
