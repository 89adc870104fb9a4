import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { shortLinks } from "@/server/db/schema";
import { getEnv } from "@/server/env";
import { rateLimited } from "@/server/errors";
import { consumeRateLimit } from "@/server/rate-limit";
import { SHORT_LINK_CODE } from "./create-short-link";
import { toSitePath } from "./site-path";

/** A person opens a handful of short links an hour; enumerating codes needs millions of tries. */
export const GET_ORIGINAL_LIMIT_PER_CLIENT = { limit: 60, windowMs: 10 * 60 * 1000 };
export const GET_ORIGINAL_TOO_MANY =
  "Too many short links opened from your address. Please try again in a few minutes.";

/**
 * The absolute URL (on APP_URL) a short link stands for, or null for an unknown or malformed
 * code. The stored path is checked again on the way out, so even a row that somehow held an
 * off-site address is never answered (no open redirect).
 *
 * @throws AppError rate_limited past GET_ORIGINAL_LIMIT_PER_CLIENT for one client address
 */
export async function getOriginalUrl(
  db: Db,
  { code, clientIp }: { code: unknown; clientIp: string | null },
): Promise<string | null> {
  if (clientIp) {
    const limit = await consumeRateLimit(
      db,
      `short-link:ip:${clientIp}`,
      GET_ORIGINAL_LIMIT_PER_CLIENT,
    );
    if (!limit.allowed) throw rateLimited(GET_ORIGINAL_TOO_MANY);
  }
  if (typeof code !== "string" || !SHORT_LINK_CODE.test(code)) return null;

  const [row] = await db
    .select({ originalUrl: shortLinks.originalUrl })
    .from(shortLinks)
    .where(eq(shortLinks.code, code))
    .limit(1);
  if (!row) return null;
  const appUrl = getEnv().APP_URL;
  const path = toSitePath(row.originalUrl, appUrl);
  return path ? new URL(path, appUrl).toString() : null;
}
