/**
 * What pickup window tests share (decision 0050): a farm with one weekly window two days from now
 * at its own place, a product, and a store-pickup delivery naming a window.
 */
import { deliverySchema, type Delivery } from "@/lib/validation/checkout";
import { pickupWindowSchema } from "@/lib/validation/pickup";
import type { Db } from "@/server/db/client";
import { createMerchant, createProduct, type Member } from "@/server/db/seed/factories";
import { addPickupWindow, getFarmPickupSetup } from "@/server/pickup/farm-setup";
import { windowOccurrences } from "@/server/pickup/offered-windows";

export type PickupChoiceInput = { windowId: number; day: string };

/** Store pickup for `member`, naming `choices` (none: the spec's clients, no time). */
export function pickupDelivery(member: Member, choices?: PickupChoiceInput[]): Delivery {
  return deliverySchema.parse({
    deliveryDestination: "store",
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    phone: "4165550142",
    ...(choices ? { pickup: choices } : {}),
  });
}

/**
 * A farm with a window two days from now (10:00–14:00, orders close the same day at 08:00) of
 * `capacity` orders, and a product at $5 (sold by card too when `payByCard`); `open` are the
 * window's open dates.
 */
export async function farmWithWindow(
  db: Db,
  { capacity, payByCard = false }: { capacity: number | null; payByCard?: boolean },
) {
  const farmer = await createMerchant(
    db,
    payByCard ? { payByCard: true, payoutAcctSet: true } : {},
  );
  const { places } = await getFarmPickupSetup(db, farmer.id);
  const weekday = (new Date(Date.now() + 2 * 86_400_000).getUTCDay() + 7) % 7;
  const { id: windowId } = await addPickupWindow(
    db,
    farmer.id,
    pickupWindowSchema.parse({
      placeId: places[0]!.id,
      weekday,
      startsAt: "10:00",
      endsAt: "14:00",
      cutoffDaysBefore: 0,
      cutoffAt: "08:00",
      capacity,
    }),
  );
  const product = await createProduct(db, {
    merchantId: farmer.id,
    unitPriceCents: 500,
    ...(payByCard ? { payByCard: true } : {}),
  });
  const open = (await windowOccurrences(db, [farmer.id])).filter((o) => o.open);
  return { farmer, product, windowId, open };
}
