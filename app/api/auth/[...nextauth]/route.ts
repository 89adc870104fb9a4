import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { z } from "zod";
import { getAuthOptions } from "@/server/auth/auth-options";
import { getEnv } from "@/server/env";
import { badRequest } from "@/server/errors";
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPE, requireContentType } from "@/server/http/content-type";
import { findNulCharacter } from "@/server/http/input-guards";
import { BAD_JSON_MESSAGE, refuseNul, route } from "@/server/http/route";
import { authProvidersAnswer, authSessionAnswer, csrfTokenAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";
import type { CatchAllOperationDoc } from "@/server/openapi/types";

const INVALID_CALLBACK_URL_MESSAGE = "The return address is not valid.";
/** A return address longer than this is not one of ours (and would not fit a Location header). */
const CALLBACK_URL_MAX_LENGTH = 2048;

type Params = { nextauth: string[] };

/**
 * next-auth parses its own endpoints' bodies (form or JSON); these describe the fields it reads
 * (docs/api.md "GET, POST /api/auth/*"), so clients and the fuzzer know what to send.
 */
const credentialsBody = z.object({
  login: z.string(),
  password: z.string(),
  csrfToken: z.string(),
  callbackUrl: z.string().optional(),
  json: z.string().optional(),
});
const signOutBody = z.object({
  csrfToken: z.string(),
  callbackUrl: z.string().optional(),
  json: z.string().optional(),
});
/** What next-auth reads, and so what the handler below takes. */
const AUTH_BODY_MEDIA_TYPES = [FORM_MEDIA_TYPE, JSON_MEDIA_TYPE] as const;

/** The concrete calls a client makes to this catch-all. */
const NEXT_AUTH_CALLS: readonly CatchAllOperationDoc[] = [
  {
    method: "GET",
    path: "/api/auth/csrf",
    summary: "next-auth: the CSRF token its POST calls need",
    responses: ok(csrfTokenAnswer),
  },
  {
    method: "GET",
    path: "/api/auth/providers",
    summary: "next-auth: the sign-in providers (credentials only)",
    responses: ok(authProvidersAnswer),
  },
  {
    method: "GET",
    path: "/api/auth/session",
    summary: "next-auth: the session of the `_token` cookie, `{}` for a visitor",
    responses: ok(authSessionAnswer),
  },
  {
    method: "POST",
    path: "/api/auth/callback/credentials",
    summary: "next-auth: sign in with login and password (sets the login cookies)",
    body: { schema: credentialsBody, mediaTypes: AUTH_BODY_MEDIA_TYPES },
  },
  {
    method: "POST",
    path: "/api/auth/signout",
    summary: "next-auth: sign out, ending every session like /api/users/logout",
    body: { schema: signOutBody, mediaTypes: AUTH_BODY_MEDIA_TYPES },
  },
];

/**
 * next-auth answers input it cannot read (a cut-off JSON body, `callbackUrl=http://[::1`) by
 * throwing, which Next turns into an empty 500. The body is read and checked here first, inside
 * route(), so such input gets a 4xx in the API's error shape, and next-auth gets a copy of it.
 * route() refuses a POST from another site's page (login CSRF); a POST body must be a form (what
 * next-auth's client sends) or JSON, anything else is a 415 (next-auth would silently ignore it).
 */
const handle = route<Params>({ public: true, doc: NEXT_AUTH_CALLS }, async ({ req, params }) => {
  const raw = req.method === "POST" ? await req.text() : "";
  if (raw) requireContentType(req, AUTH_BODY_MEDIA_TYPES);
  const body = req.method === "POST" ? parseAuthBody(req.headers.get("content-type"), raw) : null;
  refuseNul(findNulCharacter(body ?? {}));
  const callbackUrl = body?.callbackUrl ?? new URL(req.url).searchParams.get("callbackUrl");
  if (
    callbackUrl != null &&
    (!isWebAddress(callbackUrl) || String(callbackUrl).length > CALLBACK_URL_MAX_LENGTH)
  )
    throw badRequest(INVALID_CALLBACK_URL_MESSAGE);

  const copy = new NextRequest(req.url, {
    method: req.method,
    headers: req.headers,
    ...(req.method === "POST" ? { body: raw } : {}),
  });
  return NextAuth(getAuthOptions())(copy, { params: Promise.resolve(params) });
});

/** The body as next-auth reads it: JSON or a form; anything else is ignored by next-auth too. */
function parseAuthBody(contentType: string | null, raw: string): Record<string, unknown> | null {
  // An empty body said to be JSON is not JSON: next-auth would throw on it (a 500).
  if (!raw && !contentType?.includes("application/json")) return null;
  if (contentType?.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed !== null && typeof parsed === "object"
        ? (parsed as Record<string, unknown>)
        : {};
    } catch {
      throw badRequest(BAD_JSON_MESSAGE);
    }
  }
  if (contentType?.includes("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(raw));
  return null;
}

/**
 * next-auth's own rule (core/lib/assert.js): a path from the site's root, or an absolute http(s)
 * address. What it refuses it answers with a redirect to its error page and an error in the log
 * (`javascript:…`, `@evil.example`); here it is a 400 and nothing is logged as an error.
 */
function isWebAddress(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    return /^https?:$/.test(
      new URL(value, value.startsWith("/") ? getEnv().APP_URL : undefined).protocol,
    );
  } catch {
    return false;
  }
}

// GET/POST /api/auth/*: next-auth's own endpoints (csrf, callback/credentials, session, signout).
export const GET = handle;
export const POST = handle;
