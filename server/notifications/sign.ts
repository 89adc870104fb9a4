import "server-only";
import { createHmac } from "node:crypto";
import { NOTIFICATION_TYPES, type NotificationType } from "@/lib/constants";
import { getEnv } from "@/server/env";
import { sameSignature } from "@/server/base/same-signature";

/**
 * Unsubscribe and subscribe-back links carry `sig` = HMAC-SHA256 over `type:userKey`, base64url, so
 * nobody can change another member's preferences by editing a link (the spec's bare
 * /unsubscribe/{type}/{userId} could be forged). The key is derived from the auth secret with a
 * label, so a signature here can never stand for anything else signed with that secret.
 */
function signingKey(): Buffer {
  return createHmac("sha256", getEnv().authSecret).update("notification-links:v1").digest();
}

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === "string" && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

export function signNotificationLink(type: NotificationType, userKey: string): string {
  return createHmac("sha256", signingKey()).update(`${type}:${userKey}`).digest("base64url");
}

/** Constant-time check of a link's signature; false for anything malformed. Never throws. */
export function verifyNotificationLink(type: string, userKey: string, sig: string): boolean {
  if (!isNotificationType(type) || typeof userKey !== "string" || typeof sig !== "string")
    return false;
  if (!/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  return sameSignature(sig, signNotificationLink(type, userKey));
}

/** The page a person opens from a mail: it unsubscribes on load with a POST. */
export function unsubscribePageUrl(type: NotificationType, userKey: string): string {
  const url = new URL(`/unsubscribe/${type}/${userKey}`, getEnv().APP_URL);
  url.searchParams.set("sig", signNotificationLink(type, userKey));
  return url.toString();
}

/**
 * The `List-Unsubscribe` target. A page cannot also answer POST in the App Router, so the header
 * points at a route handler: POST there is RFC 8058's one-click unsubscribe, GET redirects to the page.
 */
export function oneClickUnsubscribeUrl(type: NotificationType, userKey: string): string {
  const url = new URL(`/api/notifications/unsubscribe/${type}/${userKey}`, getEnv().APP_URL);
  url.searchParams.set("sig", signNotificationLink(type, userKey));
  return url.toString();
}
