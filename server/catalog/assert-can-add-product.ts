import "server-only";
import type { Db } from "@/server/db/client";
import { forbiddenError } from "@/server/errors";
import {
  getAddProductGate,
  type AddProductGate,
  type AddProductGateOptions,
} from "./get-add-product-gate";

export type AllowedAddProduct = Extract<AddProductGate, { allowed: true }>;

/**
 * The service side of the add-product gate (the page redirects with `getAddProductGate`; every
 * caller of the API meets the same rules here).
 *
 * @throws AppError forbidden with the gate's message ('Oopsy, looks like you are not permitted to
 *   create the product.', the incomplete-profile, payout-account or plan-limit text).
 */
export async function assertCanAddProduct(
  db: Db,
  options: AddProductGateOptions,
): Promise<AllowedAddProduct> {
  const gate = await getAddProductGate(db, options);
  if (!gate.allowed) {
    throw forbiddenError(gate.message, {
      logMessage: `add product refused (${gate.reason}) for member ${options.memberId}`,
    });
  }
  return gate;
}
