import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";

export const METRICS_TOKEN_MESSAGE = "A valid metrics token is required.";

/**
 * GET /api/metrics is for the operators' scraper only: it answers 404 while METRICS_TOKEN is unset
 * (the call does not exist then), and 401 unless `Authorization: Bearer <METRICS_TOKEN>` comes with
 * it. The two tokens are compared as SHA-256 digests in constant time, so neither the answer's
 * timing nor its length says how much of a guess was right.
 *
 * @throws AppError not_found without METRICS_TOKEN, unauthorized for a missing or wrong token
 */
export function requireMetricsToken(req: Request): void {
  const expected = getEnv().METRICS_TOKEN;
  if (!expected) throw new AppError("not_found");
  const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(given), digest(expected)))
    throw new AppError("unauthorized", METRICS_TOKEN_MESSAGE, {
      logMessage: given ? "metrics: wrong token" : "metrics: no token",
    });
}

const digest = (token: string) => createHash("sha256").update(token, "utf8").digest();
