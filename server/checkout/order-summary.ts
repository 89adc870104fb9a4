import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Currency, DeliveryDestination, DeliveryMethod } from "@/lib/constants";
import { getCountry, parseCountry } from "@/lib/regions";
import type { Db } from "@/server/db/client";
import { members, orderItems, orders, products } from "@/server/db/schema";
import { imageUrl } from "@/server/storage";

export type OrderSummaryLine = {
  id: number;
  productId: number;
  productName: string;
  /** URL of the product's small image today (the snapshot keeps no image), or null. */
  imageUrl: string | null;
  /** Whether the product is still on sale, so its page exists to link to. */
  productActive: boolean;
  qty: number;
  unitPriceCents: number;
  lineTotalCents: number;
  unitWeight: string;
  unitWeightSymbol: string | null;
  deliveryService: DeliveryMethod;
  merchantId: number;
  merchantUsername: string;
  merchantFirstName: string;
  merchantLastName: string;
  merchantEmail: string;
};

/** A placed order with its lines, as the confirmation page and the order-placed emails show it. */
export type OrderSummary = {
  id: number;
  orderNo: string;
  customerId: number;
  paymentType: "card" | "in_person";
  deliveryDestination: DeliveryDestination;
  currency: Currency;
  totalCents: number;
  createdAt: Date;
  /** The delivery details entered at checkout (address fields for home delivery only). */
  contact: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string | null;
    city: string | null;
    provinceState: string | null;
    postalCode: string | null;
    country: string | null;
  };
  lines: OrderSummaryLine[];
};

export type OrderSelector = { orderId: number } | { orderNo: string; customerId: number };

/** One statement: the order joined to its lines and their farmers; null when nothing matches. */
export async function selectOrderSummary(
  db: Db,
  selector: OrderSelector,
): Promise<OrderSummary | null> {
  const where: SQL | undefined =
    "orderId" in selector
      ? eq(orders.id, selector.orderId)
      : and(eq(orders.orderNo, selector.orderNo), eq(orders.customerId, selector.customerId));
  const rows = await db
    .select({
      order: {
        id: orders.id,
        orderNo: orders.orderNo,
        customerId: orders.customerId,
        paymentType: orders.paymentType,
        deliveryDestination: orders.deliveryDestination,
        currency: orders.currency,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
        firstName: orders.firstName,
        lastName: orders.lastName,
        email: orders.email,
        phone: orders.phone,
        address: orders.address,
        city: orders.city,
        provinceState: orders.provinceState,
        postalCode: orders.postalCode,
        country: orders.country,
      },
      line: {
        id: orderItems.id,
        productId: orderItems.productId,
        productName: orderItems.productName,
        image: products.image,
        productActive: sql<boolean>`${products.status} = 'active'`,
        qty: orderItems.qty,
        unitPriceCents: orderItems.unitPriceCents,
        unitWeight: orderItems.unitWeight,
        unitWeightSymbol: orderItems.unitWeightSymbol,
        deliveryService: orderItems.deliveryService,
        merchantId: members.id,
        merchantUsername: members.username,
        merchantFirstName: members.firstName,
        merchantLastName: members.lastName,
        merchantEmail: members.email,
      },
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(members, eq(members.id, orderItems.merchantId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(where)
    .orderBy(asc(orderItems.id));
  const first = rows[0];
  if (!first) return null;
  const {
    firstName,
    lastName,
    email,
    phone,
    address,
    city,
    provinceState,
    postalCode,
    country,
    ...order
  } = first.order;
  return {
    ...order,
    contact: {
      firstName,
      lastName,
      email,
      phone,
      address,
      city,
      provinceState,
      postalCode,
      country,
    },
    lines: rows.map(({ line: { image, ...line } }) => ({
      ...line,
      imageUrl: image ? imageUrl(image, "sm") : null,
      lineTotalCents: line.unitPriceCents * line.qty,
    })),
  };
}

/** "22 Elm St., Newmarket, ON L3Y 4X1, Canada", or null for store pickup. */
export function deliveryAddress(
  order: Pick<OrderSummary, "deliveryDestination" | "contact">,
): string | null {
  if (order.deliveryDestination !== "home") return null;
  const { address, city, provinceState, postalCode, country } = order.contact;
  const code = parseCountry(country);
  const region = [provinceState, postalCode].filter(Boolean).join(" ");
  return [address, city, region, code ? getCountry(code).name : country].filter(Boolean).join(", ");
}
