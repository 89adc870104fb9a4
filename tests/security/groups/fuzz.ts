/**
 * Fuzzing every call of the OpenAPI document (served by the app, generated from the routes' own
 * zod schemas) with hostile bodies: every field set to the same hostile value, one value per
 * request, then malformed and oversized bodies and wrong content types; GET calls get the values
 * in their query and path. The bar: no 5xx, and no stack trace, SQL, path or secret in any answer
 * (Tally.inspect). A 4xx counts as refused; a 2xx is allowed (a value may be harmless there).
 * Runs last: a hostile value that happens to be valid may change demo data.
 */
import type { Answer, CallOptions } from "../harness";
import type { GroupContext } from "./index";

type Schema = { properties?: Record<string, unknown> };
type Parameter = { name: string; in: "path" | "query" | "header" };
type OpenApiOperation = {
  "x-roles"?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const PASSWORD = "Harvest2026!";
const ACCOUNT_FOR_ROLE: Record<string, string> = {
  member: "demo_customer",
  customer: "demo_customer",
  merchant: "maple_ridge_farm",
  admin: "admin",
};

/** Thirty values a field should never choke on. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  9007199254740993,
  "",
  "   ",
  "a".repeat(100_000),
  "a\u0000b",
  "'; drop table members; --",
  "' OR '1'='1",
  "1; select pg_sleep(5)",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "\u202Egnp.exe",
  "🍅".repeat(500),
  "\uD800",
  "NaN",
  "-0",
  "1e309",
  [],
  ["a", 1, null],
  {},
  { $gt: "" },
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
];

/** Bodies that are not what any call takes, by shape, size or type. */
const RAW_BODIES: readonly { name: string; body: string; contentType: string | null }[] = [
  { name: "cut-off JSON", body: '{"a":', contentType: "application/json" },
  { name: "JSON array", body: "[1,2,3]", contentType: "application/json" },
  { name: "JSON string", body: '"text"', contentType: "application/json" },
  { name: "JSON null", body: "null", contentType: "application/json" },
  {
    name: "deep nesting",
    body: "[".repeat(5000) + "]".repeat(5000),
    contentType: "application/json",
  },
  {
    name: "1 MB",
    body: JSON.stringify({ a: "x".repeat(1_000_000) }),
    contentType: "application/json",
  },
  { name: "text/plain", body: '{"a":"b"}', contentType: "text/plain" },
  { name: "no content type", body: '{"a":"b"}', contentType: null },
  { name: "form", body: "a=b&c=%00", contentType: "application/x-www-form-urlencoded" },
  {
    name: "broken multipart",
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    contentType: "multipart/form-data; boundary=x",
  },
  { name: "empty", body: "", contentType: "application/json" },
  { name: "BOM and NUL", body: '\uFEFF{"a":"\\u0000"}', contentType: "application/json" },
];

export async function fuzzGroup({ app, tally }: GroupContext): Promise<void> {
  const documentAnswer = await app.call("/api/openapi.json");
  tally.inspect("openapi.json", documentAnswer);
  const document = documentAnswer.json as OpenApiDocument;
  let operations = 0;

  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const streams = Object.values(operation.responses ?? {}).some(
        (response) => response.content && "text/event-stream" in response.content,
      );
      if (streams) continue; // an event stream never ends; its auth is in the access matrix
      operations += 1;
      // "visitor" (a public call that admits only some members) needs no session.
      const role = operation["x-roles"]?.find((name) => name !== "visitor");
      // A live session per operation: a hostile value may end it (logout, a password change).
      const cookies = role ? await app.keptSignIn(ACCOUNT_FOR_ROLE[role]!, PASSWORD) : undefined;
      const path = template.replace(/\{[^}]+\}/g, "1");
      const label = `${method.toUpperCase()} ${template}`;
      const send = async (name: string, target: string, options: CallOptions) => {
        let answer: Answer;
        try {
          answer = await app.call(target, {
            method: method.toUpperCase(),
            ...(cookies ? { cookies } : {}),
            ...options,
          });
        } catch (error) {
          tally.fail(`${label} ${name}: the connection failed: ${String(error)}`);
          return;
        }
        tally.inspect(`${label} ${name}`, answer);
        tally.tried += 1;
        if (answer.status >= 400 && answer.status < 500) tally.refused += 1;
      };

      const queryNames = (operation.parameters ?? [])
        .filter((p) => p.in === "query")
        .map((p) => p.name);
      const pathNames = (operation.parameters ?? [])
        .filter((p) => p.in === "path")
        .map((p) => p.name);
      for (const [i, value] of HOSTILE_VALUES.entries()) {
        const text = typeof value === "string" ? value : JSON.stringify(value);
        // In the address, at most 300 characters a value: Node answers a request line or headers
        // over 16 kB itself (431, before the app runs), which tests Node, not this app.
        const urlText = wellFormed(text.slice(0, 300));
        // The path's own parameters and the query carry the value as text.
        let target = template;
        for (const name of pathNames)
          target = target.replace(`{${name}}`, encodeURIComponent(urlText || "x"));
        target = target.replace(/\{[^}]+\}/g, "1");
        const query = new URLSearchParams(queryNames.map((name) => [name, urlText]));
        if (method === "get") {
          await send(`value ${i}`, `${target}${queryNames.length ? `?${query}` : ""}`, {});
          continue;
        }
        const content = operation.requestBody?.content ?? { "application/json": {} };
        const fields = Object.keys(
          content["application/json"]?.schema?.properties ??
            content["multipart/form-data"]?.schema?.properties ??
            content["application/x-www-form-urlencoded"]?.schema?.properties ?? { value: {} },
        );
        if (content["multipart/form-data"] && !content["application/json"]) {
          const form = new FormData();
          for (const field of fields) form.set(field, text);
          await send(`multipart value ${i}`, target, { body: form });
        } else {
          await send(`value ${i}`, target, {
            body: Object.fromEntries(fields.map((field) => [field, value])),
          });
        }
      }
      if (method !== "get")
        for (const raw of RAW_BODIES)
          await send(raw.name, path, { body: raw.body, contentType: raw.contentType });
    }
  }
  tally.expect("the document lists the calls", operations > 60, `${operations} operations`);
}

/** Lone surrogates replaced by U+FFFD (encodeURIComponent throws on them). */
function wellFormed(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );
}
