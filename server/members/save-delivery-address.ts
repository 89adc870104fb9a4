import "server-only";
import { and, eq } from "drizzle-orm";
import type { CountryCode } from "@/lib/regions";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";

export type DeliveryAddress = {
  address: string;
  city: string;
  provinceState: string;
  postalCode: string;
  country: CountryCode;
};

/**
 * Keeps a home delivery address as the customer's profile address (offered on the delivery form),
 * so the next checkout on any device starts from it. Customers only: a farmer's address is their
 * farm's place on the map. Same country only: the country sets the member's currency, which a
 * delivery should not change. Returns whether the address was saved.
 */
export async function saveDeliveryAddress(
  db: Db,
  { memberId, address }: { memberId: number; address: DeliveryAddress },
): Promise<boolean> {
  const saved = await db
    .update(members)
    .set({
      address: address.address,
      city: address.city,
      provinceState: address.provinceState,
      postalCode: address.postalCode,
    })
    .where(
      and(
        eq(members.id, memberId),
        eq(members.memberType, "customer"),
        eq(members.country, address.country),
      ),
    )
    .returning({ id: members.id });
  return saved.length > 0;
}
