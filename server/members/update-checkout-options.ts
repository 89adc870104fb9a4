import "server-only";
import { eq } from "drizzle-orm";
import { MSG } from "@/lib/validation/messages";
import type { Db } from "@/server/db/client";
import { members } from "@/server/db/schema";
import { forbiddenError, notFoundError, validationError } from "@/server/errors";
import { CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE } from "@/server/stripe/require-stripe";

export type CheckoutPaymentOptions = { payInPerson: boolean; payByCard: boolean };

/**
 * Sets which payment options a merchant offers at checkout. At least one stays on, and pay by
 * card can only be turned on where card payments are configured (Stripe keys set).
 *
 * @throws AppError validation ('You need to enable at least one option.' on `payInPerson`, the
 *   not-configured message on `payByCard`); forbidden for a non-merchant; not_found.
 */
export async function updateCheckoutOptions(
  db: Db,
  {
    memberId,
    options,
    cardPaymentsEnabled,
  }: { memberId: number; options: CheckoutPaymentOptions; cardPaymentsEnabled: boolean },
): Promise<CheckoutPaymentOptions> {
  if (!options.payInPerson && !options.payByCard) {
    throw validationError({ payInPerson: [MSG.checkoutOptionRequired] });
  }
  if (options.payByCard && !cardPaymentsEnabled) {
    throw validationError({ payByCard: [CARD_PAYMENTS_NOT_CONFIGURED_MESSAGE] });
  }
  const [member] = await db
    .select({ memberType: members.memberType })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  if (!member) throw notFoundError("The member could not be found.");
  if (member.memberType !== "merchant") throw forbiddenError("Only farmers have checkout options.");

  const [row] = await db
    .update(members)
    .set({ payInPerson: options.payInPerson, payByCard: options.payByCard })
    .where(eq(members.id, memberId))
    .returning({ payInPerson: members.payInPerson, payByCard: members.payByCard });
  return row!;
}
