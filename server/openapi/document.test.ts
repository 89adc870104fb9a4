import { describe, expect, it } from "vitest";
import { ROUTE_MODULES } from "@/app/api/openapi.json/route-index";
import { loadApiOperations } from "./catalog";
import { buildOpenApiDocument, getOpenApiDocument } from "./document";
import type { JsonSchema } from "./json-schema";

// Every route's declaration, as GET /api/openapi.json reads them.
const API_OPERATIONS = await loadApiOperations(ROUTE_MODULES);
const document = buildOpenApiDocument(API_OPERATIONS);
type OperationObject = JsonSchema & {
  operationId: string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, JsonSchema>;
  "x-roles"?: string[];
};
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op: op as OperationObject })),
);
const find = (method: string, path: string) =>
  operations.find((o) => o.method === method && o.path === path)!.op;

/** A body is an object: `type: object`, or a choice (oneOf, anyOf, allOf) between objects. */
function isObjectSchema(schema: JsonSchema): boolean {
  if (schema.type === "object") return true;
  const choice = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as JsonSchema[] | undefined;
  return Array.isArray(choice) && choice.length > 0 && choice.every(isObjectSchema);
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1.0 with the package's version, a relative server and both credentials", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(document.components.securitySchemes).toEqual({
      cookieAuth: { type: "apiKey", in: "cookie", name: "_token" },
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    });
  });

  it("has one operation per declared call, with unique operationIds", () => {
    expect(operations).toHaveLength(API_OPERATIONS.length);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("describes every parameter of every path template, and only those", () => {
    for (const { path, method, op } of operations) {
      const inTemplate = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inTemplate);
      expect(declared.every((p) => p.required)).toBe(true);
      for (const p of op.parameters ?? [])
        expect(p.schema, `${method} ${path} ${p.name}`).toBeTypeOf("object");
    }
  });

  it("gives every body an object schema under each content type the call takes", () => {
    const kinds = new Set<string>();
    for (const { path, method, op } of operations) {
      if (!op.requestBody) continue;
      expect(op.requestBody.required).toBe(true);
      for (const [type, media] of Object.entries(op.requestBody.content)) {
        kinds.add(type);
        expect(isObjectSchema(media.schema), `${method} ${path} ${type}`).toBe(true);
        expect(media.schema).not.toHaveProperty("$schema");
      }
    }
    expect([...kinds].sort()).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
    ]);
  });

  it("marks public calls with no security and no roles, and protected ones with their roles", () => {
    for (const entry of API_OPERATIONS) {
      const op = find(entry.method.toLowerCase(), entry.path);
      if (entry.access === "public") {
        expect(op.security).toEqual([]);
        expect(op).not.toHaveProperty("x-roles");
        expect(op.responses).not.toHaveProperty("401");
      } else if (entry.access.includes("visitor")) {
        // A visitor may call it, and so may members of the other roles it names.
        expect(op.security).toEqual([{}, { cookieAuth: [] }, { bearerAuth: [] }]);
        expect(op["x-roles"]).toEqual([...entry.access]);
        expect(op.responses).not.toHaveProperty("401");
      } else {
        expect(op.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
        expect(op["x-roles"]).toEqual([...entry.access]);
        expect(op.responses["401"]).toEqual({ $ref: "#/components/responses/Error" });
      }
    }
    expect(find("post", "/api/orders/updateStatus")["x-roles"]).toEqual(["merchant"]);
    expect(find("get", "/api/profile")["x-roles"]).toEqual(["member"]);
    expect(find("post", "/api/checkout/card")["x-roles"]).toEqual(["customer", "merchant"]);
    // Issue 43: the role checks these calls made in their handlers are route()'s now.
    expect(find("post", "/api/products/add")["x-roles"]).toEqual(["merchant"]);
    expect(find("post", "/api/location")["x-roles"]).toEqual(["visitor", "customer"]);
  });

  it("answers a success status and the shared error shape for 4xx", () => {
    expect(document.components.schemas).toMatchObject({
      Error: {
        type: "object",
        required: ["message", "requestId"],
        properties: {
          message: { type: "string" },
          errors: { type: "object", additionalProperties: { type: "array" } },
        },
      },
    });
    for (const { path, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^[23]\d\d$/.test(s)),
        `${method} ${path}`,
      ).toBe(true);
      expect(op.responses["4XX"]).toEqual({ $ref: "#/components/responses/Error" });
    }
  });

  it("carries the handlers' own rules (schemas, not hand-written copies)", () => {
    const cartPost = find("post", "/api/cart").requestBody!.content["application/json"]!.schema;
    expect(cartPost).toMatchObject({
      type: "object",
      properties: { pKey: { type: "string", maxLength: 64 } },
      required: ["pKey"],
    });
    const upload = find("post", "/api/products/add").requestBody!.content["multipart/form-data"]!;
    expect(upload).toMatchObject({
      schema: { properties: { productImage: { type: "string", format: "binary" } } },
      encoding: { productImage: { contentType: "image/jpeg, image/png" } },
    });
    const search = find("get", "/api/products/filtered").parameters!;
    expect(search.map((p) => p.name)).toEqual(["keyword", "sortType", "page", "cursor"]);
    expect(search.every((p) => p.in === "query" && !p.required)).toBe(true);
  });

  it("is the same document every time (deterministic) and survives JSON", async () => {
    expect(JSON.stringify(buildOpenApiDocument(API_OPERATIONS))).toBe(JSON.stringify(document));
    const served = await getOpenApiDocument(ROUTE_MODULES);
    expect(JSON.parse(JSON.stringify(served))).toEqual(document);
    expect(await getOpenApiDocument(ROUTE_MODULES)).toBe(served);
    expect(Object.keys(document.paths)).toEqual(Object.keys(document.paths).sort());
  });
});
