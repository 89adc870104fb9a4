import { Text } from "@react-email/components";
import { paragraph } from "./email-layout";

/** A pickup window an order chose at one farm, as mails show it (decision 0050). */
export type EmailPickup = {
  farm: string;
  /** "Sat, Dec 12, 9:00 a.m. – 12:00 p.m. EST": in the farm's zone, named. */
  time: string;
  place: string;
  address: string;
};

/** "Sat, Dec 12, 9:00 a.m. – 12:00 p.m. EST at Market stall, 93 Front St E" */
export function pickupWhenAndWhere(pickup: EmailPickup): string {
  const where = pickup.address ? `${pickup.place}, ${pickup.address}` : pickup.place;
  return `${pickup.time} at ${where}`;
}

/** The order's pickup times, one line per farm: "Pick up from Maple Farm: Sat, Dec 12, … ." */
export function PickupTimes({ pickups }: { pickups: readonly EmailPickup[] }) {
  if (pickups.length === 0) return null;
  return (
    <Text style={paragraph}>
      {pickups.map((pickup, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          Pick up from {pickup.farm}: {pickupWhenAndWhere(pickup)}.
        </span>
      ))}
    </Text>
  );
}
