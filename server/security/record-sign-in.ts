import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { NewSignInEmail } from "@/emails/new-sign-in-email";
import type { Db } from "@/server/db/client";
import { members, securityAccesses } from "@/server/db/schema";
import { sendMail } from "@/server/email";
import { getEnv } from "@/server/env";
import { log } from "@/server/log";
import { UNKNOWN_PLACE, formatPlace, readClientInfo, type ApproximatePlace } from "./client-info";
import { parseUserAgent } from "./user-agent";

export type RecordSignInInput = {
  memberId: number;
  userAgent: string | null;
  ip: string | null;
  /** From `readClientInfo(req.headers)`; without it the request's trusted proxy headers are read. */
  place?: ApproximatePlace;
};

/** Per member, so two members' keys for the same browser differ. */
export function browserKeyFor(memberId: number, userAgent: string | null): string {
  return createHash("sha256")
    .update(`${memberId}:${parseUserAgent(userAgent).family}`)
    .digest("hex");
}

/**
 * After a successful sign-in: a browser (family) not seen before for this member records an access
 * with an unguessable id and mails the member a /securities/{accessId}/block link; a known browser
 * records nothing. Never rejects: a failure here is logged and the sign-in goes on.
 */
export async function recordSignIn(db: Db, input: RecordSignInInput): Promise<void> {
  try {
    const place = input.place ?? (await placeFromRequest());
    const { readable } = parseUserAgent(input.userAgent);
    const [access] = await db
      .insert(securityAccesses)
      .values({
        memberId: input.memberId,
        browserKey: browserKeyFor(input.memberId, input.userAgent),
        browserData: readable,
        ip: input.ip,
        city: place.city,
        provinceState: place.provinceState,
        country: place.country,
      })
      // The unique (member_id, browser_key) index is "seen before": a known browser inserts nothing.
      .onConflictDoNothing()
      .returning({ id: securityAccesses.id, createdAt: securityAccesses.createdAt });
    if (!access) return;

    const [member] = await db
      .select({ email: members.email, firstName: members.firstName })
      .from(members)
      .where(eq(members.id, input.memberId))
      .limit(1);
    if (!member) return;

    const appUrl = getEnv().APP_URL;
    await sendMail(db, {
      to: member.email,
      subject: "A new sign-in to your account",
      react: createElement(NewSignInEmail, {
        firstName: member.firstName,
        appUrl,
        browserData: readable,
        place: formatPlace(place),
        signedInAt: access.createdAt.toUTCString(),
        blockUrl: new URL(`/securities/${access.id}/block`, appUrl).toString(),
      }),
      category: "account",
      memberId: input.memberId,
    });
  } catch (error) {
    log.error(
      { err: error, memberId: input.memberId },
      "recording the sign-in failed; sign-in continues",
    );
  }
}

/** Inside a request (next-auth's authorize), the trusted proxy headers; elsewhere unknown. */
async function placeFromRequest(): Promise<ApproximatePlace> {
  try {
    const { headers } = await import("next/headers");
    return readClientInfo(await headers()).place;
  } catch {
    return UNKNOWN_PLACE;
  }
}
