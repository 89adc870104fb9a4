import "server-only";
import type { CustomerRegistration } from "@/lib/validation/accounts";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import { attachVisitorConversations } from "@/server/messaging";
import { insertNewMember, type RegisteredMember } from "./register-member";

/**
 * Registers a customer from input parsed with `customerRegistrationSchema` (currency follows the
 * country). Sends the welcome mail. With the `recipientToken` of a farmer's reply mail (the link
 * to /register?recipientEmail=...), the conversations that email had as a visitor become the new
 * account's (server/messaging/attach-visitor-conversations.ts).
 *
 * Returns null for an email that already has an account: nothing is created, the owner is mailed,
 * and the caller answers as for a new account (decision 0023).
 *
 * @throws AppError validation with `username` when already taken.
 */
export async function registerCustomer(
  db: Db,
  input: CustomerRegistration,
  { recipientToken }: { recipientToken?: unknown } = {},
): Promise<RegisteredMember | null> {
  const member = await insertNewMember(db, {
    memberType: "customer",
    username: input.username,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    country: input.country,
    currency: input.currency,
    email: input.email,
    password: input.password,
  });
  if (member && recipientToken !== undefined) {
    try {
      await attachVisitorConversations(db, {
        memberId: member.id,
        email: member.email,
        recipientToken,
      });
    } catch (error) {
      // The account exists either way; the conversations stay the visitor's.
      log.error({ err: error, memberId: member.id }, "attaching visitor conversations failed");
    }
  }
  return member;
}
