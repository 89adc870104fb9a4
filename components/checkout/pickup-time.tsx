"use client";

import { useHydrated } from "@/components/layout/use-hydrated";
import { pickupTimeLabel } from "@/lib/pickup/format";

/**
 * A pickup window's date and time in the farm's zone; once in the browser, with the viewer's own
 * time and both zones named when they differ (decision 0050).
 */
export function PickupTime({
  startsAt,
  endsAt,
  timeZone,
}: {
  startsAt: string | Date;
  endsAt: string | Date;
  timeZone: string;
}) {
  const hydrated = useHydrated();
  const viewerZone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : null;
  return <>{pickupTimeLabel({ startsAt, endsAt, timeZone }, viewerZone)}</>;
}
