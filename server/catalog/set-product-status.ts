import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products, resellerTransactions } from "@/server/db/schema";
import { conflict, notFoundError } from "@/server/errors";
import { PRODUCT_MESSAGES } from "./product-messages";

export type ProductAction = "delete" | "activate" | "remove";
type ProductStatus = (typeof products.$inferSelect)["status"];

/**
 * The product state machine of the store page (spec part 1 section 4): Delete (active -> deleted,
 * a soft delete the owner can undo), Activate (deleted -> active) and Permanently Remove (active or
 * deleted -> removed). Removed is final: the product leaves every list, its order lines stay, and
 * the reseller transaction its listing recorded is withdrawn while still pending (a paid one stays):
 * otherwise adding, removing and adding again would pay a reseller for every round.
 */
const TRANSITIONS: Record<
  ProductAction,
  { from: readonly ProductStatus[]; to: ProductStatus; message: string }
> = {
  delete: { from: ["active"], to: "deleted", message: PRODUCT_MESSAGES.deleted },
  activate: { from: ["deleted"], to: "active", message: PRODUCT_MESSAGES.activated },
  remove: { from: ["active", "deleted"], to: "removed", message: PRODUCT_MESSAGES.removed },
};

/** What a refused transition says, by the status the product is in. */
const WRONG_TRANSITION: Record<ProductStatus, string> = {
  active: PRODUCT_MESSAGES.alreadyActive,
  deleted: PRODUCT_MESSAGES.alreadyDeleted,
  removed: PRODUCT_MESSAGES.alreadyRemoved,
};

/**
 * Moves one of the merchant's own products through the state machine with a single conditional
 * `UPDATE ... WHERE owner AND status IN (...) RETURNING`, so concurrent calls (a double click, two
 * tabs) change the row once and the others get the conflict. A removal withdraws the product's
 * pending reseller transaction in the same transaction.
 *
 * @returns the spec's message ('The product has been deleted.', '... activated.', '... removed permanently.')
 * @throws AppError not_found for another merchant's product or an unknown id; conflict for a
 *   transition the product's status does not allow.
 */
export async function setProductStatus(
  db: Db,
  {
    merchantId,
    productId,
    action,
    now = new Date(),
  }: { merchantId: number; productId: number; action: ProductAction; now?: Date },
): Promise<{ message: string }> {
  const transition = TRANSITIONS[action];
  const owned = and(eq(products.id, productId), eq(products.merchantId, merchantId));
  const stamps =
    action === "delete"
      ? { deletedAt: now }
      : action === "activate"
        ? { deletedAt: null }
        : { removedAt: now };
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(products)
      .set({ status: transition.to, ...stamps })
      .where(and(owned, inArray(products.status, [...transition.from])))
      .returning({ id: products.id });
    if (rows.length > 0 && action === "remove")
      await tx
        .delete(resellerTransactions)
        .where(
          and(
            eq(resellerTransactions.productId, productId),
            eq(resellerTransactions.payStatus, "pending"),
          ),
        );
    return rows;
  });
  if (changed.length > 0) return { message: transition.message };

  const [current] = await db
    .select({ status: products.status })
    .from(products)
    .where(owned)
    .limit(1);
  if (!current) throw notFoundError(PRODUCT_MESSAGES.notFound);
  throw conflict(WRONG_TRANSITION[current.status], {
    logMessage: `product ${productId}: ${action} refused in status ${current.status}`,
  });
}
