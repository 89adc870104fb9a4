import "server-only";
import { canMessage } from "@/lib/entitlement";
import type { Db } from "@/server/db/client";
import { getEntitlement } from "@/server/subscriptions";
import { contactIssue, findFarmer } from "./ask-the-farmer";

/**
 * Whether the farm reached through `prodId` or `farmerId` can answer by message now (its plan
 * includes messaging), so a customer knows before writing that a Basic farm answers once its plan
 * allows (issue 42, item 2); what they write is kept either way.
 *
 * @throws AppError validation (the form's 'issue of contacting the farmer') when there is no such farm
 */
export async function farmReplyStatus(
  db: Db,
  input: { prodId: number | null; farmerId: string | null },
): Promise<{ farmCanReply: boolean }> {
  const farm = await findFarmer(db, input);
  if (!farm) throw contactIssue();
  return { farmCanReply: canMessage(await getEntitlement(db, farm.merchantId)) };
}
