import { IMAGE_MIME_TYPES } from "@/lib/constants";
import packageJson from "@/package.json";
import { SESSION_COOKIE } from "@/server/auth/token";
import { loadApiOperations, type RouteModuleLoader } from "./catalog";
import {
  accepts,
  isZodSchema,
  objectFields,
  toAnswerJsonSchema,
  toJsonSchema,
  type JsonSchema,
} from "./json-schema";
import type { HttpMethod, Operation, RequestBody, SuccessResponse } from "./types";

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, JsonSchema>>>;
  components: JsonSchema;
};

const METHOD_ORDER: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Either credential opens a protected call (server/auth/session.ts reads the bearer first). */
const SIGNED_IN: Record<string, string[]>[] = [{ cookieAuth: [] }, { bearerAuth: [] }];

const ERROR_RESPONSE = { $ref: "#/components/responses/Error" };

/**
 * The OpenAPI 3.1 document of the given API calls (catalog.ts reads them from the routes'
 * declarations), with the zod schemas the handlers parse. The same code gives the same document
 * (paths sorted, no timestamps), so every instance serves identical bytes and a diff of two
 * versions shows only what changed.
 */
export function buildOpenApiDocument(operations: readonly Operation[]): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const sorted = [...operations].sort(
    (a, b) =>
      compareCodeUnits(a.path, b.path) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  for (const operation of sorted) {
    const item = (paths[operation.path] ??= {});
    const method = operation.method.toLowerCase() as Lowercase<HttpMethod>;
    if (item[method]) throw new Error(`${operation.method} ${operation.path} is listed twice`);
    item[method] = describeOperation(operation);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Local produce marketplace API",
      version: packageJson.version,
      description:
        "Every /api call, generated from the zod schemas the route handlers parse. " +
        "Errors are `{ message, errors?, requestId }`; see docs/api.md for examples.",
    },
    servers: [{ url: "/" }],
    security: SIGNED_IN,
    tags: [...new Set(sorted.map(tagOf))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        cookieAuth: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      },
      schemas: {
        // server/http/route.ts writes it; FieldErrors in server/errors.ts.
        Error: {
          type: "object",
          // route() writes requestId on every error answer (decision 0043).
          required: ["message", "requestId"],
          properties: {
            message: { type: "string" },
            errors: {
              type: "object",
              additionalProperties: { type: "array", items: { type: "string" } },
            },
            // The call's X-Request-Id: what a user's report quotes to find the log lines.
            requestId: { type: "string" },
          },
          additionalProperties: false,
        },
      },
      responses: {
        Error: {
          description:
            "Refused: `message` for the reader, `errors` per field on a 422, `requestId` for a report",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    },
  };
}

const memo = new WeakMap<readonly RouteModuleLoader[], Promise<OpenApiDocument>>();

/**
 * The document of every route of the index (app/api/openapi.json/route-index.ts), built once per
 * process: it derives from code only, so it is the same on every instance.
 */
export function getOpenApiDocument(routes: readonly RouteModuleLoader[]): Promise<OpenApiDocument> {
  let document = memo.get(routes);
  if (!document) {
    document = loadApiOperations(routes).then(buildOpenApiDocument);
    memo.set(routes, document);
  }
  return document;
}

/** Whether a caller who is not signed in gets past the route's gate. */
export function admitsVisitors(operation: Pick<Operation, "access">): boolean {
  return operation.access === "public" || operation.access.includes("visitor");
}

function describeOperation(operation: Operation): JsonSchema {
  const isPublic = operation.access === "public";
  const parameters = describeParameters(operation);
  return {
    operationId: operationIdOf(operation),
    summary: operation.summary,
    tags: [tagOf(operation)],
    // `{}`: no credential needed; a member's is read when sent (x-roles says which are let in).
    security: isPublic ? [] : admitsVisitors(operation) ? [{}, ...SIGNED_IN] : SIGNED_IN,
    ...(isPublic ? {} : { "x-roles": [...operation.access] }),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body ? { requestBody: describeBody(operation.body) } : {}),
    responses: describeResponses(operation),
  };
}

function describeBody(body: RequestBody): JsonSchema {
  const content: JsonSchema = {};
  for (const mediaType of body.mediaTypes) {
    const schema = toJsonSchema(body.schema);
    const files = body.files ?? [];
    const properties = schema.properties as Record<string, JsonSchema> | undefined;
    for (const field of files) {
      if (!properties?.[field]) throw new Error(`${field} is not a field of the upload schema`);
      properties[field] = { type: "string", format: "binary" };
    }
    content[mediaType] = {
      schema,
      ...(files.length
        ? {
            encoding: Object.fromEntries(
              files.map((field) => [field, { contentType: IMAGE_MIME_TYPES.join(", ") }]),
            ),
          }
        : {}),
    };
  }
  return { required: body.required ?? true, content };
}

function describeParameters(operation: Operation): JsonSchema[] {
  const pathParams = Object.entries(operation.pathParams ?? {}).map(([name, schema]) => {
    // An empty segment is another path: declare it with segment() or an id schema.
    if (accepts(schema, ""))
      throw new Error(`${operation.method} ${operation.path}: {${name}} accepts an empty string`);
    return {
      name,
      in: "path",
      required: true,
      schema: toJsonSchema(schema),
    };
  });
  const queryParams = (operation.query ?? []).flatMap((source) =>
    Object.entries(isZodSchema(source) ? objectFields(source) : source).map(([name, schema]) => ({
      name,
      in: "query",
      // Handlers read an absent parameter as null (searchParams.get) or undefined (fromEntries).
      required: !accepts(schema, undefined) && !accepts(schema, null),
      schema: toJsonSchema(schema),
    })),
  );
  const headerParams = Object.entries(operation.headers ?? {}).map(([name, schema]) => ({
    name,
    in: "header",
    required: !accepts(schema, undefined),
    schema: toJsonSchema(schema),
  }));
  return [...pathParams, ...queryParams, ...headerParams];
}

function describeResponses(operation: Operation): JsonSchema {
  const successes: readonly SuccessResponse[] = operation.responses ?? [
    { status: 200, description: "OK", mediaType: "application/json" },
  ];
  const responses: JsonSchema = {};
  for (const success of successes) {
    responses[String(success.status)] = {
      description: success.description,
      ...(success.mediaType
        ? {
            content: {
              [success.mediaType]: success.schema
                ? { schema: toAnswerJsonSchema(success.schema) }
                : {},
            },
          }
        : {}),
      ...(success.status === 303 ? { headers: { Location: { schema: { type: "string" } } } } : {}),
    };
  }
  // Input that can never be right (a broken escape, NUL) is a 400 on every call.
  responses["400"] = ERROR_RESPONSE;
  if (!admitsVisitors(operation)) responses["401"] = ERROR_RESPONSE;
  // A role that is not allowed, and a write a browser says another site sent.
  if (operation.access !== "public" || operation.method !== "GET")
    responses["403"] = ERROR_RESPONSE;
  if (operation.pathParams) responses["404"] = ERROR_RESPONSE;
  if (operation.body) responses["415"] = ERROR_RESPONSE;
  if (operation.body || operation.query || operation.pathParams) responses["422"] = ERROR_RESPONSE;
  responses["4XX"] = ERROR_RESPONSE;
  return responses;
}

/** `DELETE /api/cart/{pKey}` → `deleteCartByPKey`. */
export function operationIdOf(operation: Pick<Operation, "method" | "path">): string {
  const words = operation.path
    .replace(/^\/api\//, "")
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (param) return `By${capitalize(param)}`;
      // connect-webhook → ConnectWebhook
      return segment
        .split(/[^A-Za-z0-9]+/)
        .map(capitalize)
        .join("");
    });
  return `${operation.method.toLowerCase()}${words.join("")}`;
}

function tagOf(operation: Pick<Operation, "path">): string {
  return operation.path.split("/")[2] ?? "api";
}

/** Not localeCompare: the order must not depend on the server's locale. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
