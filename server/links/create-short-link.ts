import "server-only";
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { shortLinks } from "@/server/db/schema";
import { getEnv } from "@/server/env";
import { badRequest } from "@/server/errors";
import { toSitePath } from "./site-path";

/** 9 random bytes = 72 bits, written as 12 URL-safe characters: far beyond enumerating. */
const CODE_BYTES = 9;
export const SHORT_LINK_CODE = /^[A-Za-z0-9_-]{10,64}$/;

export const NOT_A_SITE_PATH = "A short link can only point to a page of this site.";

export type ShortLink = { code: string; shortUrl: string; path: string };

function newCode(): string {
  return randomBytes(CODE_BYTES).toString("base64url");
}

/** The absolute address of a short link, on APP_URL. */
export function shortLinkUrl(code: string): string {
  return new URL(`/shortLink/${code}`, getEnv().APP_URL).toString();
}

/**
 * A short link to one of this site's own paths (see toSitePath): the path is stored, never an
 * absolute URL, and the answer is `{APP_URL}/shortLink/{code}`. The same path always gets the same
 * code (unique original_url; insert ... on conflict do nothing, then read), also when two requests
 * shorten it at once.
 *
 * @throws AppError bad_request when `path` is not a path of this site
 */
export async function createShortLink(db: Db, path: string): Promise<ShortLink> {
  const [link] = await createShortLinks(db, [path]);
  return link!;
}

/** createShortLink for several paths in two statements; answers in the order of `paths`. */
export async function createShortLinks(db: Db, paths: readonly string[]): Promise<ShortLink[]> {
  const appUrl = getEnv().APP_URL;
  const sitePaths = paths.map((path) => {
    const sitePath = toSitePath(path, appUrl);
    if (!sitePath) throw badRequest(NOT_A_SITE_PATH, { logMessage: `not a site path: ${path}` });
    return sitePath;
  });
  const wanted = [...new Set(sitePaths)];
  if (wanted.length === 0) return [];

  const codes = new Map<string, string>();
  // A fresh code colliding with a stored one is a 1-in-2^72 event; the retry covers it anyway.
  for (let attempt = 0; attempt < 3 && codes.size < wanted.length; attempt += 1) {
    const missing = wanted.filter((path) => !codes.has(path));
    await db
      .insert(shortLinks)
      .values(missing.map((originalUrl) => ({ code: newCode(), originalUrl })))
      .onConflictDoNothing();
    const rows = await db
      .select({ code: shortLinks.code, originalUrl: shortLinks.originalUrl })
      .from(shortLinks)
      .where(
        missing.length === 1
          ? eq(shortLinks.originalUrl, missing[0]!)
          : inArray(shortLinks.originalUrl, missing),
      );
    for (const row of rows) codes.set(row.originalUrl, row.code);
  }
  return sitePaths.map((path) => {
    const code = codes.get(path);
    if (!code) throw new Error(`no short link stored for ${path}`);
    return { code, shortUrl: shortLinkUrl(code), path };
  });
}
