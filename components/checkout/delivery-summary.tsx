import { PickupTime } from "./pickup-time";
import { getCountry, parseCountry } from "@/lib/regions";

export type DeliveryDetails = {
  deliveryDestination: "home" | "store";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address?: string | null;
  city?: string | null;
  provinceState?: string | null;
  postalCode?: string | null;
  country?: string | null;
};

/** A pickup window of an order or a checkout: the farm, the place and the time. */
export type PickupDetails = {
  farmName: string;
  placeName: string;
  placeAddress: string;
  startsAt: string | Date;
  endsAt: string | Date;
  timeZone: string;
};

/**
 * The delivery details of a checkout or an order, as a description list; with the pickup windows
 * chosen (one per farm), their place and time.
 */
export function DeliverySummary({
  delivery,
  pickups = [],
}: {
  delivery: DeliveryDetails;
  pickups?: readonly PickupDetails[];
}) {
  const country = parseCountry(delivery.country ?? undefined);
  const rows: [string, string][] = [
    [
      "How",
      delivery.deliveryDestination === "home"
        ? "Home delivery (items the farmer does not deliver are picked up at the farm)"
        : "Pickup at the farm",
    ],
    ["Name", `${delivery.firstName} ${delivery.lastName}`],
    ["Email", delivery.email],
    ["Phone", delivery.phone],
  ];
  if (delivery.deliveryDestination === "home") {
    rows.push([
      "Address",
      [
        delivery.address,
        delivery.city,
        [delivery.provinceState, delivery.postalCode].filter(Boolean).join(" "),
        country ? getCountry(country).name : delivery.country,
      ]
        .filter(Boolean)
        .join(", "),
    ]);
  }
  return (
    <>
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[5.5rem_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-stone-800">{term}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere] text-stone-700">{value}</dd>
          </div>
        ))}
      </dl>
      {pickups.length > 0 ? <PickupList pickups={pickups} /> : null}
    </>
  );
}

/** The pickup windows of an order or a checkout, one card per farm (the QR handover page too). */
export function PickupList({ pickups }: { pickups: readonly PickupDetails[] }) {
  return (
    <ul aria-label="Pickup times" className="mt-4 flex flex-col gap-3 text-sm">
      {pickups.map((p) => (
        <li key={p.farmName} className="rounded-xl bg-stone-50 p-3">
          <p className="font-semibold text-stone-900">Pickup at {p.farmName}</p>
          <p className="text-stone-800">
            <PickupTime startsAt={p.startsAt} endsAt={p.endsAt} timeZone={p.timeZone} />
          </p>
          <p className="text-stone-600">
            {p.placeName}
            {p.placeAddress ? ` · ${p.placeAddress}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}
