import { MapPin } from "lucide-react";
import type { Narrowing } from "@/server/pages";
import { MyLocalActions } from "./my-local-actions";
import { myLocalPlace } from "@/lib/location/my-local-place";

/** "within 25 km of M5V 2T6, Toronto, ON" */
function withinText(narrowing: Narrowing): string {
  return `within ${narrowing.location.radius} km of ${myLocalPlace(narrowing.location)}`;
}

/**
 * Says that My Local narrows the list below (issue 24): the place and the radius, a way to change
 * them and a way to see every distance. Rendered only while a radius is set.
 */
export function MyLocalBanner({
  narrowing,
  what,
  className,
}: {
  narrowing: Narrowing;
  /** What the list holds: "products", "farmers", "farms and products". */
  what: string;
  className?: string;
}) {
  return (
    <section
      aria-label="My Local filter"
      className={`border-leaf-200 bg-leaf-50 flex flex-col gap-3 rounded-2xl border px-4 py-3 sm:flex-row sm:items-center sm:justify-between ${className ?? ""}`}
    >
      <p className="flex items-start gap-2 text-stone-800">
        <MapPin aria-hidden className="text-leaf-700 mt-0.5 size-5 shrink-0" />
        <span>
          My Local is on: showing {what} {withinText(narrowing)}.
        </span>
      </p>
      <MyLocalActions location={narrowing.location} />
    </section>
  );
}

/**
 * An empty list under a radius: how many matches lie beyond it, and an offer to widen the radius
 * to the nearest one (or to every distance when the slider cannot reach it).
 */
export function NothingNearby({ narrowing, noun }: { narrowing: Narrowing; noun: string }) {
  const count = narrowing.beyond?.count ?? 0;
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-lg text-stone-700">
        No {noun} {withinText(narrowing)}.{" "}
        {count > 0
          ? `${count} ${count === 1 ? "match lies" : "matches lie"} beyond ${narrowing.location.radius} km.`
          : "Nothing matches farther away either."}
      </p>
      {count > 0 ? (
        <MyLocalActions
          location={narrowing.location}
          widenToKm={narrowing.beyond?.widenToKm ?? null}
        />
      ) : null}
    </div>
  );
}
