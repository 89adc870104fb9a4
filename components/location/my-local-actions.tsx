"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { send } from "@/components/account/send";
import { useViewerState } from "@/components/layout/viewer-context";
import { runNavAction } from "@/components/layout/nav-action";
import { Button } from "@/components/ui/button";
import type { LocationAnswer } from "@/server/location/types";

/**
 * The buttons of the My Local banners: Change opens the dialog; Show all distances and Widen save
 * the same place with another radius (0 is "no limit, nearest first"), then the lists, the map
 * and the header's entry read it again.
 */
export function MyLocalActions({
  location,
  widenToKm = null,
}: {
  location: LocationAnswer;
  /** Offered first, for an empty list whose nearest match this radius reaches. */
  widenToKm?: number | null;
}) {
  const router = useRouter();
  const { reload } = useViewerState();
  const [saving, setSaving] = useState(false);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const busy = saving || pending;

  async function saveRadius(radius: number) {
    setSaving(true);
    setError(null);
    const result = await send<{ message: string }>("/api/location", {
      json: {
        address: location.address ?? "",
        city: location.city ?? "",
        provinceState: location.provinceState ?? "",
        postalCode: location.postalCode ?? "",
        country: location.country,
        radius,
      },
    });
    setSaving(false);
    if (!result.ok) return setError(result.message);
    startTransition(() => router.refresh());
    void reload();
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {widenToKm ? (
        <Button size="sm" disabled={busy} onClick={() => void saveRadius(widenToKm)}>
          Widen to {widenToKm} km
        </Button>
      ) : null}
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => void saveRadius(0)}>
        Show all distances
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={() => void runNavAction("open-my-local")}
      >
        Change
      </Button>
      <p role="alert" className="text-tomato-600 w-full text-sm empty:hidden">
        {error ?? ""}
      </p>
    </div>
  );
}
