import "server-only";
import { getDb } from "@/server/db/client";
import { loadVisitorRegistration, type VisitorRegistration } from "@/server/messaging";

/**
 * /register from a farm's reply mail: the name the visitor gave and the farms whose conversations
 * come along, when the link's token proves the mail (null otherwise).
 */
export async function loadRegistrationFromReply(
  email: string,
  recipientToken: string | undefined,
): Promise<VisitorRegistration | null> {
  if (!email || !recipientToken) return null;
  return loadVisitorRegistration(await getDb(), { email, recipientToken });
}
