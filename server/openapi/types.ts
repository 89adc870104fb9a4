import type { z } from "zod";
import type { AccessRole } from "@/server/http/route";

/**
 * One API operation as the OpenAPI document describes it. The schemas are the objects the handler
 * parses (imported, never copied), so the document cannot drift from what the server accepts.
 * Routes declare all of it but the method, the path and the access (`OperationDoc`), which the
 * document takes from the export's name, the route file's place and `route()`'s own options.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type MediaType =
  "application/json" | "multipart/form-data" | "application/x-www-form-urlencoded";

/**
 * `public`, or the roles passed to `route({ role })` ("member" = any signed-in member), or
 * "visitor" and the `signedInRoles` of a public route that admits only some members.
 */
export type Access = "public" | readonly AccessRole[];

export type RequestBody = {
  schema: z.ZodType;
  /** The content types the call takes; anything else is a 415. */
  mediaTypes: readonly MediaType[];
  /** False where the call also works without a body (none today). */
  required?: boolean;
  /**
   * Multipart file fields and the image types they take. zod checks a file with a custom check,
   * which JSON Schema cannot say, so the document marks these fields as binary itself.
   */
  files?: readonly string[];
};

/**
 * Where a query parameter's schema comes from: a zod object the handler parses (its fields become
 * the parameters), or fields the handler reads as text and checks itself (`parseBbox`, a cursor).
 */
export type QuerySource = z.ZodType | Readonly<Record<string, z.ZodType>>;

export type SuccessResponse = {
  status: 200 | 201 | 303;
  description: string;
  /** Absent for a redirect. */
  mediaType?: "application/json" | "text/event-stream" | "text/plain";
  /**
   * The answer's body as the client reads it (ISO strings for dates): a zod schema like the body
   * schemas, required for every JSON answer (server/openapi/answer-schemas.test.ts names the calls
   * missing one). Extra fields are refused by the document, so a new field is declared here.
   */
  schema?: z.ZodType;
};

export type Operation = {
  method: HttpMethod;
  /** OpenAPI path template: `/api/cart/{pKey}`. */
  path: string;
  /** One line, like the comment above the export in the route file. */
  summary: string;
  access: Access;
  body?: RequestBody;
  /** Every `{name}` of the path: the schema the handler checks it with (text where it reads it raw). */
  pathParams?: Readonly<Record<string, z.ZodType>>;
  query?: readonly QuerySource[];
  /** Request headers the handler reads (Stripe-Signature, Last-Event-ID). */
  headers?: Readonly<Record<string, z.ZodType>>;
  /** Defaults to one JSON 200. */
  responses?: readonly SuccessResponse[];
};

/** What a route declares about its call: `route({ role, doc })` (server/http/route.ts). */
export type OperationDoc = Omit<Operation, "method" | "path" | "access">;

/**
 * A catch-all route serves several calls with one handler (next-auth's `[...nextauth]`), so it
 * names each call's method and concrete path itself.
 */
export type CatchAllOperationDoc = OperationDoc & Pick<Operation, "method" | "path">;

export type RouteDoc = OperationDoc | readonly CatchAllOperationDoc[];
