import { Clock, MapPin } from "lucide-react";
import { cutoffLabel, weeklyWindowLabel } from "@/lib/pickup/format";
import type { StorePickup } from "@/server/pickup/store-pickup-places";

/**
 * Any fixed instant: a generic zone name is the same all year, and a prerendered page may not read
 * the clock (Cache Components refuses `new Date()` there).
 */
const SOME_DAY = new Date(Date.UTC(2026, 0, 1));

/** "Eastern Time" for America/Toronto: the zone's generic name, else its IANA name. */
function zoneName(timeZone: string): string {
  try {
    return (
      new Intl.DateTimeFormat("en-CA", { timeZone, timeZoneName: "longGeneric" })
        .formatToParts(SOME_DAY)
        .find((p) => p.type === "timeZoneName")?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}

/**
 * Where to pick up on the store page (issue 41 item 3): each place with its address and weekly
 * windows, in the farm's time zone (named). Nothing when the farm has set no place.
 */
export function StorePickupPlaces({ pickup }: { pickup: StorePickup }) {
  if (pickup.places.length === 0) return null;
  return (
    <section aria-labelledby="pickup-places-heading" className="container-page pt-10 sm:pt-12">
      <h2 id="pickup-places-heading" className="text-2xl font-bold text-stone-900">
        Where to pick up
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Times are the farm&apos;s local time ({zoneName(pickup.timeZone)}).
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {pickup.places.map((place) => (
          <li
            key={`${place.name}:${place.address}`}
            aria-label={place.name}
            className="border-earth-200 rounded-xl border bg-white p-4 shadow-sm"
          >
            <h3 className="font-semibold text-stone-900">{place.name}</h3>
            <p className="mt-1 flex items-start gap-2 text-sm text-stone-700">
              <MapPin aria-hidden className="text-leaf-700 mt-0.5 size-4 shrink-0" />
              <span>
                {place.address}
                {place.atFarm ? " (the full address comes with your order)" : null}
              </span>
            </p>
            {place.windows.length > 0 ? (
              <ul className="mt-3 space-y-2 text-sm" aria-label={`Pickup times at ${place.name}`}>
                {place.windows.map((w) => (
                  <li key={`${w.weekday}:${w.startsMinute}`} className="flex items-start gap-2">
                    <Clock aria-hidden className="text-leaf-700 mt-0.5 size-4 shrink-0" />
                    <span>
                      <span className="text-stone-900">{weeklyWindowLabel(w)}</span>
                      <span className="block text-stone-600">{cutoffLabel(w)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-stone-600">No pickup times yet.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
