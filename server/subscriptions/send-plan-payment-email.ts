import "server-only";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { PlanPaymentEmail } from "@/emails/plan-payment-email";
import type { Db } from "@/server/db/client";
import { members, subscriptions } from "@/server/db/schema";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import {
  countryOfCurrency,
  entitlementOfRow,
  formatServiceDate,
  planName,
} from "./subscription-state";

/**
 * Mails a farmer whose plan payment failed (or awaits their bank) a link to update the card. An
 * account mail: it always goes. Never rejects: the event is handled whether or not the mail goes.
 */
export async function sendPlanPaymentEmail(
  db: Db,
  { memberId, actionRequired }: { memberId: number; actionRequired: boolean },
): Promise<void> {
  try {
    const [row] = await db
      .select({ member: members, subscription: subscriptions })
      .from(subscriptions)
      .innerJoin(members, eq(members.id, subscriptions.memberId))
      .where(eq(subscriptions.memberId, memberId))
      .limit(1);
    if (!row) return;
    const { member, subscription } = row;
    const entitlement = entitlementOfRow(subscription, new Date());
    const appUrl = getEnv().APP_URL;
    const name = planName(subscription.plan);
    await sendMail(db, {
      to: member.email,
      subject: `Your ${name} plan payment needs attention`,
      category: "account",
      memberId,
      react: createElement(PlanPaymentEmail, {
        appUrl,
        firstName: member.firstName,
        planName: name,
        actionRequired,
        graceEndsOn: entitlement.graceEndsAt ? formatServiceDate(entitlement.graceEndsAt) : null,
        manageUrl: `${appUrl}/subscription/payment/${countryOfCurrency(subscription.currency)}/${subscription.plan}`,
      }),
    });
  } catch (error) {
    log.error({ err: error, memberId }, "plan payment email not sent");
  }
}
