import "server-only";
import { unstable_rethrow } from "next/navigation";
import { $ZodError } from "zod/v4/core";
import {
  readSessionCredential,
  resolveSessionToken,
  type MemberType,
  type SessionMember,
} from "@/server/auth/session";
import { withFollowUps } from "@/server/base/follow-ups";
import { getDb, type Db } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { AppError, GENERIC_ERROR_MESSAGE, type FieldErrors } from "@/server/errors";
import {
  MALFORMED_PATH_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  findNulCharacter,
  hasControlCharacter,
} from "@/server/http/input-guards";
import {
  FORM_MEDIA_TYPE,
  JSON_MEDIA_TYPE,
  MULTIPART_MEDIA_TYPE,
  UnsupportedMediaTypeError,
  requireContentType,
} from "@/server/http/content-type";
import {
  isCrossSiteBrowserRequest,
  isSameOriginRequest,
  isStateChangingMethod,
} from "@/server/http/same-origin";
import { log } from "@/server/log";
import { STEP_UP_FIELD } from "@/lib/auth/second-factor";
import { isFreshSecondFactor, STEP_UP_MESSAGE } from "@/server/auth/second-factor/rules";
import { observeRoute } from "@/server/base/observe-route";
import { currentRequestId } from "@/server/base/request-context";
import type { Access, RouteDoc } from "@/server/openapi/types";
import { declareRoute } from "./route-declaration";

/** "member" = anyone signed in; a member type = exactly that type. There is no implicit superuser. */
export type Role = "member" | MemberType;

/**
 * Who may call a route, as the document's `x-roles` says it: the roles of `route({ role })`, or for
 * a public route that admits only some members (`signedInRoles`), "visitor" and those roles.
 */
export type AccessRole = Role | "visitor";

export type RouteParams = Record<string, string | string[] | undefined>;

/** The second argument Next passes to a route handler. */
export type RouteContext<P extends RouteParams = RouteParams> = { params: Promise<P> };

export type RouteHandler<P extends RouteParams = RouteParams> = (
  req: Request,
  ctx: RouteContext<P>,
) => Promise<Response>;

export type HandlerArgs<M, P> = { req: Request; member: M; db: Db; params: P };

/**
 * `doc`: the call as the OpenAPI document describes it (summary, the schemas the handler parses,
 * parameters, success answers); the document adds the method, the path and, from `public`/`role`,
 * who may call it. Every exported handler has one (server/openapi/route-declarations.test.ts).
 */
type DocumentedRoute = { doc?: RouteDoc };

/**
 * `acceptsForeignPosts`: the route takes writes that other sites' pages or servers send on purpose
 * (Stripe's webhooks, RFC 8058 one-click unsubscribe from a mail client). Only public routes can
 * say so, and the cookie rule below still applies to them.
 */
export type PublicRouteOptions = DocumentedRoute & {
  public: true;
  role?: undefined;
  acceptsForeignPosts?: true;
  /**
   * Visitors may call it, and signed-in members only of these roles (My Local is for visitors and
   * customers); any other member gets a 403 with `roleMessage`. Absent: everyone may call it.
   */
  signedInRoles?: readonly MemberType[];
  roleMessage?: string;
};
/**
 * `role` defaults to "member": a route is signed-in only unless it says `public: true`.
 * `roleMessage`: the 403's message for a member of another role (the spec's words, where it has
 * some), so a route never checks a role in its handler, where the document cannot see it.
 */
export type ProtectedRouteOptions = DocumentedRoute & {
  public?: false;
  role?: Role | readonly Role[];
  roleMessage?: string;
  /**
   * A sensitive action (a member's password, a refund, paying a farm): the session's second factor
   * must have been checked in the last 15 minutes, else a 403 whose `errors.secondFactor` asks the
   * client for a code (POST /api/users/secondFactor/verify) and to try again (decision 0053).
   */
  stepUp?: true;
};

export const FORM_ERROR_MESSAGE = "Please check the form.";
export const BAD_JSON_MESSAGE = "The request body is not valid JSON.";
export const BAD_FORM_MESSAGE = "The request body is not a valid form.";
export const CROSS_ORIGIN_MESSAGE =
  "This request did not come from this site. Please reload the page and try again.";
/** The key for zod issues on the whole body rather than a field. */
export const FORM_LEVEL_KEY = "_form";

/**
 * Wrap a route handler: resolve the session (bearer token, else the `_token` cookie), check the
 * origin of cookie-authenticated writes, enforce the role, supply `db` and the awaited params, and
 * turn every thrown error into the wire shape `{ message, errors?, requestId }`. This is the one try/catch of
 * the request path; handlers and services just throw.
 *
 *   export const POST = route(
 *     { role: "merchant", doc: { summary: "…", body: json(updateOrderStatusSchema) } },
 *     async ({ req, member, db }) => { ... },
 *   );
 *   export const GET = route<{ id: string }>({ public: true, doc }, async ({ params, member }) => { ... });
 *
 * On a public route `member` is the signed-in member or null. Responses get `Cache-Control: no-store`
 * unless the handler set its own.
 */
export function route<P extends RouteParams = RouteParams>(
  options: PublicRouteOptions,
  handler: (args: HandlerArgs<SessionMember | null, P>) => Promise<Response> | Response,
): RouteHandler<P>;
export function route<P extends RouteParams = RouteParams>(
  options: ProtectedRouteOptions,
  handler: (args: HandlerArgs<SessionMember, P>) => Promise<Response> | Response,
): RouteHandler<P>;
export function route<P extends RouteParams>(
  options: PublicRouteOptions | ProtectedRouteOptions,
  handler: (args: HandlerArgs<SessionMember, P>) => Promise<Response> | Response,
): RouteHandler<P> {
  const roles = options.public ? null : toRoleList(options.role);
  const signedInRoles = options.public ? options.signedInRoles : undefined;
  const stepUp = !options.public && options.stepUp === true;
  // member is null only on public routes, whose handlers were typed to accept it (first overload).
  const run = handler as (
    args: HandlerArgs<SessionMember | null, P>,
  ) => Promise<Response> | Response;

  const handle: RouteHandler<P> = async (req, ctx) => {
    let member: SessionMember | null = null;
    try {
      const credential = readSessionCredential(req);
      member = credential ? await resolveSessionToken(credential.token) : null;

      // Only cookies ride along on a forged cross-site request; a bearer token has to be added by
      // script, which the browser allows only for our own origin.
      if (
        member &&
        credential?.source === "cookie" &&
        isStateChangingMethod(req.method) &&
        !isSameOriginRequest(req, getEnv().APP_URL)
      ) {
        // A warning, not debug: outside of misconfigured proxies this is someone trying CSRF.
        log.warn(
          {
            method: req.method,
            path: safePath(req.url),
            memberId: member.id,
            origin: req.headers.get("origin"),
          },
          "cross-origin write refused",
        );
        throw new AppError("forbidden", CROSS_ORIGIN_MESSAGE);
      }

      // Signed in or not: a browser always sends Origin (or Sec-Fetch-Site) on a cross-site write,
      // so one that says another site sent it is refused. Without this a page elsewhere could
      // register accounts, request resets, or sign a visitor in to its own account (login CSRF).
      // No header at all (curl, servers, apps) is not evidence of a browser, and is let through.
      if (
        isStateChangingMethod(req.method) &&
        !(options.public && options.acceptsForeignPosts) &&
        isCrossSiteBrowserRequest(req, getEnv().APP_URL)
      ) {
        log.warn(
          { method: req.method, path: safePath(req.url), origin: req.headers.get("origin") },
          "cross-site write refused",
        );
        throw new AppError("forbidden", CROSS_ORIGIN_MESSAGE);
      }

      if (roles) {
        if (!member) throw new AppError("unauthorized");
        if (!hasRole(member, roles)) throw new AppError("forbidden", options.roleMessage);
      }
      if (member && signedInRoles && !hasRole(member, signedInRoles))
        throw new AppError("forbidden", options.roleMessage);
      if (stepUp && member && !isFreshSecondFactor(member.secondFactorAt))
        throw new AppError("forbidden", STEP_UP_MESSAGE, {
          fieldErrors: { [STEP_UP_FIELD]: [STEP_UP_MESSAGE] },
          logMessage: `a sensitive action asked member ${member.id} for a fresh second factor`,
        });

      const params = ((await ctx?.params) ?? {}) as P;
      refuseUnusableAddress(req, params);
      const db = await getDb();
      // What the handler's writes scheduled (their mails, live notifications) runs after the answer.
      const response = await withFollowUps(db, async () =>
        run({ req: withJsonGuard(req), member, db, params }),
      );
      return withNoStore(response);
    } catch (error) {
      // redirect(), notFound() and the prerendering signals of next belong to Next, not to us.
      unstable_rethrow(error);
      return errorResponse(error, req, member);
    }
  };
  // The request id, the span and the request metrics (server/base/observe-route.ts).
  const observed = observeRoute(handle);
  return options.doc
    ? declareRoute(observed, { access: accessOf(roles, signedInRoles), doc: options.doc })
    : observed;
}

function accessOf(
  roles: readonly Role[] | null,
  signedInRoles: readonly MemberType[] | undefined,
): Access {
  if (roles) return roles;
  return signedInRoles ? ["visitor", ...signedInRoles] : "public";
}

function toRoleList(role: Role | readonly Role[] | undefined): readonly Role[] {
  if (role === undefined) return ["member"];
  return typeof role === "string" ? [role] : role;
}

function hasRole(member: SessionMember, roles: readonly Role[]): boolean {
  return roles.includes("member") || roles.includes(member.memberType);
}

class BadJsonError extends Error {
  override name = "BadJsonError";
}

class BadFormError extends Error {
  override name = "BadFormError";
}

/**
 * Route parameters (already decoded by Next) holding a control character, and a query holding NUL,
 * are refused with a 400 before the handler runs: no id, key or name of this site has one, and
 * PostgreSQL cannot take NUL (a 500 with the statement in the log). proxy.ts refuses such paths
 * first; this holds when proxy is skipped.
 */
function refuseUnusableAddress(req: Request, params: RouteParams): void {
  const values = Object.values(params).flatMap((value) => value ?? []);
  const query = safeSearchParams(req.url);
  if (
    values.some(hasControlCharacter) ||
    [...query].some(([key, value]) => `${key}${value}`.includes("\u0000"))
  )
    throw new AppError("bad_request", MALFORMED_PATH_MESSAGE);
}

function safeSearchParams(url: string): URLSearchParams {
  try {
    return new URL(url).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

/**
 * `req.json()` takes only `Content-Type: application/json` and `req.formData()` only a form or
 * multipart body; anything else is a 415 before a byte is parsed (issue 22: JSON sent as
 * `text/plain`, which another site's page can post without a preflight, was parsed). A handler that
 * reads no body takes any (an empty POST to a cancel call works). Stripe's raw `req.text()` is left
 * alone. `await req.json()` on a body that is not JSON throws a SyntaxError; mark exactly that one
 * so it becomes a 400 while any other SyntaxError (a bug) stays a 500; a form that cannot be read is
 * a 400 likewise. A JSON string holding NUL is
 * refused as a 422 under its field, for every handler at once (see server/http/input-guards.ts);
 * so are multipart text fields holding NUL.
 */
function withJsonGuard(req: Request): Request {
  const parse = req.json.bind(req);
  const parseForm = req.formData.bind(req);
  Object.defineProperties(req, {
    json: {
      configurable: true,
      value: async () => {
        requireContentType(req, [JSON_MEDIA_TYPE]);
        const body: unknown = await parse().catch((error: unknown) => {
          throw error instanceof SyntaxError
            ? new BadJsonError(error.message, { cause: error })
            : error;
        });
        refuseNul(findNulCharacter(body));
        return body;
      },
    },
    formData: {
      configurable: true,
      value: async () => {
        requireContentType(req, [MULTIPART_MEDIA_TYPE, FORM_MEDIA_TYPE]);
        // undici throws a TypeError for a multipart body it cannot read (a cut-off part, no
        // closing boundary): the client's mistake, a 400 like bad JSON.
        const form = await parseForm().catch((error: unknown) => {
          throw error instanceof TypeError
            ? new BadFormError(error.message, { cause: error })
            : error;
        });
        for (const [name, value] of form)
          if (typeof value === "string") refuseNul(findNulCharacter(value, [name]));
        return form;
      },
    },
  });
  return req;
}

/** Throws the 422 for a value holding NUL at `path` (see findNulCharacter); nothing when null. */
export function refuseNul(path: (string | number)[] | null): void {
  if (!path) return;
  const field = path.length ? path.map(String).join(".") : FORM_LEVEL_KEY;
  throw new AppError("validation", FORM_ERROR_MESSAGE, {
    fieldErrors: { [field]: [NUL_CHARACTER_MESSAGE] },
  });
}

/** Maps a thrown value to `{ message, errors? }`; only AppError and zod messages reach the client. */
function errorResponse(error: unknown, req: Request, member: SessionMember | null): Response {
  const context = { method: req.method, path: safePath(req.url), memberId: member?.id };

  if (error instanceof AppError) {
    if (error.status >= 500)
      log.error({ ...context, err: error.cause ?? error, code: error.code }, error.logMessage);
    else log.debug({ ...context, code: error.code }, error.logMessage);
    return json(error.status, { message: error.publicMessage, errors: error.fieldErrors });
  }
  if (error instanceof $ZodError) {
    return json(422, { message: FORM_ERROR_MESSAGE, errors: zodFieldErrors(error) });
  }
  if (error instanceof BadJsonError) {
    return json(400, { message: BAD_JSON_MESSAGE });
  }
  if (error instanceof BadFormError) {
    return json(400, { message: BAD_FORM_MESSAGE });
  }
  if (error instanceof UnsupportedMediaTypeError) {
    log.debug({ ...context, contentType: req.headers.get("content-type") }, error.message);
    return json(415, { message: error.message });
  }
  log.error({ ...context, err: error }, "unhandled error in route handler");
  return json(500, { message: GENERIC_ERROR_MESSAGE });
}

/** `{ "items.0.qty": ["..."] }`: each issue's path joined by ".", messages in issue order. */
export function zodFieldErrors(error: $ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : FORM_LEVEL_KEY;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

function json(
  status: number,
  body: { message: string; errors?: FieldErrors | undefined },
): Response {
  // The request id lets a user's report of this answer find its log lines (docs/api.md).
  const payload = body.errors
    ? { ...body, requestId: currentRequestId() }
    : { message: body.message, requestId: currentRequestId() };
  return Response.json(payload, { status, headers: { "Cache-Control": "no-store" } });
}

/** Answers are per member, so nothing is cached unless the handler says so. */
function withNoStore(response: Response): Response {
  if (response.headers.has("cache-control")) return response;
  if (trySetNoStore(response)) return response;
  // Response.redirect() and Response.error() have immutable headers: copy into a new response.
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function trySetNoStore(response: Response): boolean {
  try {
    response.headers.set("Cache-Control", "no-store");
    return true;
  } catch {
    return false;
  }
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "";
  }
}
