"use client";

import { useHydrated } from "@/components/layout/use-hydrated";
import { PickupTime } from "./pickup-time";

export type PickupOption = {
  windowId: number;
  day: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  placeName: string;
  placeAddress: string;
};
export type PickupFarmChoices = { merchantId: number; name: string; options: PickupOption[] };

export const choiceKey = (o: { windowId: number; day: string }) => `${o.windowId}:${o.day}`;

/**
 * The delivery step's pickup times (issue 41 item 4): for each farm of the cart with windows, its
 * open windows of the next four weeks as one radio group; one choice per farm.
 */
export function PickupChoices({
  farms,
  picks,
  onPick,
  error,
}: {
  farms: PickupFarmChoices[];
  picks: Record<number, string>;
  onPick: (merchantId: number, key: string) => void;
  error: string | undefined;
}) {
  // A choice clicked before the page hydrates would be undone by hydration (the picks are state):
  // the times wait for it, as the photo picker does.
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-5 sm:col-span-2">
      {farms.map((farm) => (
        <fieldset key={farm.merchantId} className="rounded-xl border border-stone-200 p-4">
          <legend className="px-1 font-semibold text-stone-900">Pickup time at {farm.name}</legend>
          <div className="mt-2 flex max-h-80 flex-col gap-2 overflow-y-auto">
            {farm.options.map((o) => {
              const key = choiceKey(o);
              const id = `pickup-${farm.merchantId}-${key.replace(":", "-")}`;
              return (
                <label
                  key={key}
                  htmlFor={id}
                  className="flex cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-stone-50"
                >
                  <input
                    id={id}
                    type="radio"
                    name={`pickup-${farm.merchantId}`}
                    value={key}
                    checked={picks[farm.merchantId] === key}
                    disabled={!hydrated}
                    onChange={() => onPick(farm.merchantId, key)}
                    className="accent-leaf-700 mt-1 size-5"
                  />
                  <span>
                    <span className="block font-medium text-stone-900">
                      <PickupTime {...o} />
                    </span>
                    <span className="block text-sm text-stone-600">
                      {o.placeName}
                      {o.placeAddress ? ` · ${o.placeAddress}` : ""}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}
