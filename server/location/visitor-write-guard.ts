import "server-only";
import { getEnv } from "@/server/env";
import { forbiddenError } from "@/server/errors";
import { CROSS_ORIGIN_MESSAGE } from "@/server/http/route";
import { isSameOriginRequest } from "@/server/http/same-origin";

/**
 * route() checks the origin of cookie-authenticated writes only. A visitor's My Local write
 * changes the visitor's own cookies, so a page of another site must not make it either: a browser
 * request that names another origin is refused. Clients without an Origin header (scripts, curl)
 * have no victim's cookies and pass.
 */
export function refuseCrossSiteVisitorWrite(req: Request): void {
  const named = req.headers.get("origin") !== null || req.headers.get("sec-fetch-site") !== null;
  if (named && !isSameOriginRequest(req, getEnv().APP_URL))
    throw forbiddenError(CROSS_ORIGIN_MESSAGE);
}
