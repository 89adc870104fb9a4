import "server-only";
import { createElement } from "react";
import { SITE_NAME } from "@/lib/site";
import { WelcomeEmail } from "@/emails/welcome-email";
import type { Db } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { sendMail } from "./send-mail";

export type WelcomeRecipient = {
  id: number;
  email: string;
  firstName: string;
  memberType: "customer" | "merchant" | "admin";
};

/**
 * The welcome mail after registration. Never rejects: a mail server being down must not turn a
 * finished registration into an error (the failure is logged).
 */
export async function sendWelcomeEmail(db: Db, member: WelcomeRecipient): Promise<void> {
  try {
    await sendMail(db, {
      to: member.email,
      subject: `Welcome to ${SITE_NAME}`,
      react: createElement(WelcomeEmail, {
        firstName: member.firstName,
        appUrl: getEnv().APP_URL,
        isMerchant: member.memberType === "merchant",
      }),
      category: "account",
      memberId: member.id,
    });
  } catch (error) {
    log.error({ err: error, memberId: member.id }, "welcome email not sent");
  }
}
