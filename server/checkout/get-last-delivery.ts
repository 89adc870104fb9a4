import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { parseCountry, type CountryCode } from "@/lib/regions";
import type { Db } from "@/server/db/client";
import { orders } from "@/server/db/schema";

/** The delivery details of the member's last order, as the delivery form prefills them. */
export type LastDelivery = {
  phone: string;
  /** The last home delivery's address; null when the member never had one delivered. */
  home: {
    address: string;
    city: string;
    provinceState: string;
    postalCode: string;
    country: CountryCode;
  } | null;
};

/**
 * What the member gave on their last order, read on the server so any device prefills it (the
 * delivery cookie lives in one browser): the newest home delivery when there is one (its address
 * and phone), else the newest order (its phone). One indexed statement; null without an order.
 */
export async function getLastDelivery(db: Db, memberId: number): Promise<LastDelivery | null> {
  const [row] = await db
    .select({
      phone: orders.phone,
      address: orders.address,
      city: orders.city,
      provinceState: orders.provinceState,
      postalCode: orders.postalCode,
      country: orders.country,
    })
    .from(orders)
    .where(eq(orders.customerId, memberId))
    .orderBy(
      desc(sql`${orders.deliveryDestination} = 'home'`),
      desc(orders.createdAt),
      desc(orders.id),
    )
    .limit(1);
  if (!row) return null;
  const country = parseCountry(row.country ?? "");
  const home =
    row.address && row.city && row.provinceState && row.postalCode && country
      ? {
          address: row.address,
          city: row.city,
          provinceState: row.provinceState,
          postalCode: row.postalCode,
          country,
        }
      : null;
  return { phone: row.phone, home };
}
