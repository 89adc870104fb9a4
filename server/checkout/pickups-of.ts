import "server-only";
import type { Delivery } from "@/lib/validation/checkout";
import type { PickupChoice } from "@/lib/validation/pickup";
import type { Db } from "@/server/db/client";
import { resolvePickupChoices, type ResolvedPickup } from "@/server/pickup/resolve-choices";
import type { CartLine } from "./cart-lines";

/** The farms of an order's lines, each once, by id. */
export function farmsOf(lines: readonly CartLine[]) {
  const farms = new Map<number, string>();
  for (const line of lines) farms.set(line.merchantId, line.merchantUsername);
  return [...farms].sort(([a], [b]) => a - b).map(([merchantId, name]) => ({ merchantId, name }));
}

/**
 * The pickup windows a store-pickup checkout takes (decision 0050), checked now; none for home
 * delivery (unchanged) or a client that sends none. Both checkouts (pay in person and card) check
 * them here; `own` are the places the member's own card order awaiting payment holds.
 */
export async function pickupsOf(
  db: Db,
  delivery: Delivery,
  reviewed: { lines: readonly CartLine[] },
  own: readonly PickupChoice[] = [],
): Promise<ResolvedPickup[]> {
  if (delivery.deliveryDestination !== "store") return [];
  return resolvePickupChoices(db, {
    farms: farmsOf(reviewed.lines),
    choices: delivery.pickup,
    own,
  });
}

/** The farms of the checkout page's lines, each once, by id. */
export function farmsOfCheckout(
  lines: readonly { merchantId: number; merchantUsername: string }[],
) {
  const farms = new Map<number, string>();
  for (const line of lines) farms.set(line.merchantId, line.merchantUsername);
  return [...farms].sort(([a], [b]) => a - b).map(([merchantId, name]) => ({ merchantId, name }));
}
