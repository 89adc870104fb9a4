import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { members, orderPickups } from "@/server/db/schema";

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
