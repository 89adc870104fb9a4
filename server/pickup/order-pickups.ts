import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { EmailPickup } from "@/emails/pickup-times";
import { pickupTimeInFarmZone } from "@/lib/pickup/format";
import type { Db } from "@/server/db/client";
import { members, orderPickups, orders } from "@/server/db/schema";

export type OrderPickupView = {
  orderId: number;
  merchantId: number;
  farmName: string;
  placeName: string;
  placeAddress: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
};

/** The pickup windows of some orders (one per farm of each), as they were chosen; by primary key. */
export async function orderPickupViews(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderPickupView[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: orderPickups.orderId,
      merchantId: orderPickups.merchantId,
      farmName: members.username,
      placeName: orderPickups.placeName,
      placeAddress: orderPickups.placeAddress,
      startsAt: orderPickups.startsAt,
      endsAt: orderPickups.endsAt,
      timeZone: orderPickups.timeZone,
    })
    .from(orderPickups)
    .innerJoin(members, eq(members.id, orderPickups.merchantId))
    .where(inArray(orderPickups.orderId, [...orderIds]))
    .orderBy(asc(orderPickups.orderId), asc(orderPickups.startsAt));
  return rows.map((r) => ({
    ...r,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
  }));
}

/** A pickup as mails show it: the time in the farm's zone, named (decision 0050). */
export function emailPickup(view: OrderPickupView): EmailPickup {
  return {
    farm: view.farmName,
    time: pickupTimeInFarmZone(view),
    place: view.placeName,
    address: view.placeAddress,
  };
}

/** The window an order (by its number) chose at one farm (by its name), as mails show it. */
export async function emailPickupOf(
  db: Db,
  orderNo: string,
  farm: string,
): Promise<EmailPickup | null> {
  const [row] = await db
    .select({
      placeName: orderPickups.placeName,
      placeAddress: orderPickups.placeAddress,
      startsAt: orderPickups.startsAt,
      endsAt: orderPickups.endsAt,
      timeZone: orderPickups.timeZone,
    })
    .from(orderPickups)
    .innerJoin(orders, eq(orders.id, orderPickups.orderId))
    .innerJoin(members, eq(members.id, orderPickups.merchantId))
    .where(and(eq(orders.orderNo, orderNo), eq(members.username, farm)))
    .limit(1);
  if (!row) return null;
  return {
    farm,
    time: pickupTimeInFarmZone(row),
    place: row.placeName,
    address: row.placeAddress,
  };
}
