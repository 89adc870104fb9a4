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

/** The delivery details of a checkout or an order, as a description list. */
export function DeliverySummary({ delivery }: { delivery: DeliveryDetails }) {
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
    <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[5.5rem_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-stone-800">{term}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere] text-stone-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
