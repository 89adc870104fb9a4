import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema";

/** One product of `GET /api/products/getTotal/byUser`. */
export type OwnerProductSummary = {
  id: number;
  name: string;
  status: "active" | "deleted";
  created_at: string;
};

/**
 * The merchant's products that count toward the plan limit: active and deleted, newest first
 * (permanently removed ones are gone from every list). Only the few columns the count needs; one
 * query on the store listing index. Not paged: it is the plan count, which the plans keep small
 * except on Harvest.
 */
export async function listOwnerProducts(
  db: Db,
  { merchantId }: { merchantId: number },
): Promise<OwnerProductSummary[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), ne(products.status, "removed")))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status === "deleted" ? "deleted" : "active",
    created_at: r.createdAt.toISOString(),
  }));
}
