/**
 * The contract check (issue 43, item 4): every operation of the OpenAPI document (served by the
 * app, generated from the routes' declarations) is called with requests generated from its own
 * schemas, and every answer is checked against the statuses and JSON schemas it documents.
 *
 * - A valid request (built from the document's schemas, with real ids where a path names a row)
 *   is sent under each role of `x-roles` (a public call: as a visitor and as a customer). Its
 *   answer is documented and matches its schema; it is never refused as malformed (400, 415,
 *   422: the server would be stricter than the document) nor as unauthenticated (401).
 * - The same request from a role `x-roles` leaves out is a 401 (visitor) or a 403.
 * - Invalid requests (a field of the wrong type, a path or query value outside its schema, a body
 *   of a content type the call does not take) are refused with a documented 4xx: the document
 *   must not be stricter than the server either.
 *
 * Runs after the payments group and before fuzz: valid writes change demo data.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import type { Answer, CallOptions } from "../harness";
import type { GroupContext } from "./index";

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  multipleOf?: number;
  $ref?: string;
};
type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Schema;
};
type Content = Record<string, { schema?: Schema }>;
type Response = { $ref?: string; description?: string; content?: Content };
type Operation = {
  "x-roles"?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Content };
  responses: Record<string, Response>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Response> };
};
type Role = "visitor" | "customer" | "merchant" | "admin";

const PASSWORD = "Harvest2026!";
const ACCOUNTS = { customer: "demo_customer", merchant: "maple_ridge_farm", admin: "admin" };
const MEMBER_ROLES = ["customer", "merchant", "admin"] as const;
const COMPONENTS_ID = "https://contract.test/components";
/** Refusals that say the request itself was malformed: never the answer to a valid request. */
const MALFORMED = new Set([400, 415, 422]);

/**
 * Valid requests that a state of the demo data refuses with a 422 although their shape is right
 * (a service's check against the database). Each names why; keep it short.
 */
const STATE_REFUSALS: Readonly<Record<string, string>> = {
  "POST /api/stripe/webhook": "a Stripe event must carry a signature made with the webhook secret",
  "POST /api/stripe/connect-webhook":
    "a Stripe event must carry a signature made with the webhook secret",
  "POST /api/users/resetPassword": "the code must be one the server mailed, unused and fresh",
  "POST /api/settings/password":
    "the current password must be the member's; sending it would change the demo's password",
  "POST /api/users/secondFactor/verify": "the code must be the one the member's app shows now",
  "POST /api/orders/confirmByCode": "the code must be one the server signed for the farm's order",
  "PUT /api/settings/secondFactor": "the code must be the one the member's new app entry shows",
  "DELETE /api/settings/secondFactor": "the code must be the one the member's app shows now",
};

/**
 * Operations the document lists for clients but whose answers are not ours to check: next-auth's
 * own handler answers the sign-in form and the sign-out form with a 302 to a page (or `{ url }`
 * with `json=true`) whatever the body says, and the document has no 302 answer (decision 0048).
 * The role and schema checks of every other next-auth call still run.
 */
const NOT_CHECKED: Readonly<Record<string, string>> = {
  "POST /api/auth/callback/credentials": "next-auth's sign-in form: a 302 to the page it names",
  "POST /api/auth/signout": "next-auth's sign-out form: a 302 to the page it names",
};

/**
 * Body fields a valid request cannot be generated for: signing in needs a real account's
 * credentials, and a member's profile keeps its own username and email (a new email asks for the
 * current password; a new username would end the harness's sign-ins).
 */
const OWN_FIELDS: Readonly<
  Record<string, (role: Role, samples: Samples) => Record<string, unknown>>
> = {
  "POST /api/users/login": () => ({ login: ACCOUNTS.customer, password: PASSWORD }),
  "POST /api/profile": (role, samples) =>
    role === "visitor" ? {} : { username: ACCOUNTS[role], email: samples[`${role}Email`] },
};

/** Switches a valid request turns off: selling by card needs a payout account the demo farm lacks. */
const FLAG_SAMPLES: Readonly<Record<string, boolean>> = { payByCard: false };

export async function contractGroup({ app, env, tally }: GroupContext): Promise<void> {
  const documentAnswer = await app.call("/api/openapi.json");
  tally.inspect("openapi.json", documentAnswer);
  // CONTRACT_DOCUMENT=<file>: check a document written since the build (scripts/write-openapi-
  // document.ts) when only answer schemas changed, without building again.
  const document = (
    process.env.CONTRACT_DOCUMENT
      ? JSON.parse(readFileSync(process.env.CONTRACT_DOCUMENT, "utf8"))
      : documentAnswer.json
  ) as Document;
  const validators = new AnswerValidators(document);
  const samples = await pathSamples(env.sql);
  const sessions = new Map<Role, Map<string, string> | undefined>([["visitor", undefined]]);
  // A live session per role: signed in again only when a write ended it (decision 0053: the
  // admin's sign-ins need a code, one per 30 seconds).
  const signIn = async (role: Exclude<Role, "visitor">) =>
    sessions.set(role, await app.keptSignIn(ACCOUNTS[role], PASSWORD));
  for (const role of MEMBER_ROLES) await signIn(role);

  let checked = 0;
  const mismatch = (label: string, detail: string) => tally.fail(`${label}: ${detail}`);

  /** Sends one request and checks its answer against the document; returns the answer. */
  const send = async (
    label: string,
    operation: Operation,
    request: { path: string; options: CallOptions },
  ): Promise<Answer | null> => {
    const streams = Object.values(operation.responses).some(
      (response) => response.content?.["text/event-stream"],
    );
    const answer = streams
      ? await openStream(app.base, request.path, request.options)
      : await app.call(request.path, request.options);
    if (!streams) tally.inspect(label, answer);
    checked += 1;
    const problem = validators.check(operation, answer);
    if (problem) mismatch(label, problem);
    return answer;
  };

  for (const { template, method, operation } of ordered(document)) {
    const key = `${method.toUpperCase()} ${template}`;
    if (NOT_CHECKED[key]) continue;
    const roles = operation["x-roles"];
    const allowed: Role[] = !roles
      ? ["visitor", "customer"]
      : roles.includes("member")
        ? [...MEMBER_ROLES]
        : (roles.filter((role) => role === "visitor" || role in ACCOUNTS) as Role[]);
    // A call open to everyone refuses no one for who they are.
    const refused = !roles
      ? []
      : (["visitor", ...MEMBER_ROLES] as Role[]).filter((role) => !allowed.includes(role));

    // A request per role: each one's new names and emails are its own.
    const validFor = (role: Role) => {
      const request = validRequest(template, method, operation, samples);
      const own = OWN_FIELDS[key]?.(role, samples);
      if (own && request.options.body && typeof request.options.body === "object")
        request.options.body = { ...(request.options.body as object), ...own };
      return request;
    };
    for (const role of allowed) {
      const label = `${key} as ${role}`;
      const answer = await send(label, operation, withSession(validFor(role), sessions.get(role)));
      if (!answer) continue;
      tally.expect(
        `${label}: a valid request is not refused as unauthenticated`,
        answer.status !== 401,
      );
      if (MALFORMED.has(answer.status) && !STATE_REFUSALS[key])
        mismatch(
          label,
          `a valid request was refused: ${answer.status} ${answer.text.slice(0, 200)}`,
        );
      // A write may end the session (logout, a reset password): sign in again if it did.
      if (role !== "visitor" && method !== "get" && answer.status < 400) await signIn(role);
    }
    for (const role of refused) {
      const label = `${key} as ${role} (not in x-roles)`;
      const answer = await send(label, operation, withSession(validFor(role), sessions.get(role)));
      const expected = role === "visitor" ? 401 : 403;
      if (answer) tally.attempt(label, answer.status === expected, `${answer.status}`);
    }

    const someone = sessions.get(allowed[0]!);
    for (const invalid of invalidRequests(template, method, operation, samples)) {
      const label = `${key} as ${allowed[0]} with ${invalid.name}`;
      const answer = await send(label, operation, withSession(invalid, someone));
      if (answer)
        tally.attempt(label, answer.status >= 400 && answer.status < 500, `${answer.status}`);
    }
  }
  tally.expect("the document lists operations", checked > 100, `${checked} answers checked`);
  process.stdout.write(
    `     contract: ${checked} answers checked, ${validators.withoutSchema} JSON bodies without a schema yet\n`,
  );
}

// ── the document's answers ─────────────────────────────────────────────────────────────────────

class AnswerValidators {
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  private readonly cache = new Map<Schema, ValidateFunction>();
  /** JSON answers whose status documents no schema yet (answers-pending.ts). */
  withoutSchema = 0;

  constructor(private readonly document: Document) {
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: document.components.schemas });
  }

  /** What is wrong with the answer, or null when it is what the operation documents. */
  check(operation: Operation, answer: Answer): string | null {
    const status = String(answer.status);
    let response = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
    if (!response) return `${status} is not documented: ${answer.text.slice(0, 200)}`;
    if (response.$ref) response = this.resolve(response.$ref);
    if (!response.content) {
      if (answer.status === 303 && !answer.headers.get("location")) return "303 without Location";
      return answer.text.length ? `${status} documents no body but has one` : null;
    }
    const mediaType = (answer.headers.get("content-type") ?? "").split(";")[0]!.trim();
    const content = response.content[mediaType];
    if (!content)
      return `${status} answered ${mediaType || "no content type"}, documented ${Object.keys(response.content).join(", ")}`;
    if (mediaType !== "application/json") return null;
    // server/openapi/answer-schemas.test.ts holds every route to declaring one; until then the
    // status and the content type are checked.
    if (!content.schema) {
      this.withoutSchema += 1;
      return null;
    }
    const validate = this.compile(content.schema);
    if (validate(answer.json)) return null;
    const error = validate.errors?.[0];
    return `${status} does not match its schema: ${error?.instancePath || "/"} ${error?.message ?? ""} ${JSON.stringify(error?.params ?? {})}; body ${answer.text.slice(0, 300)}`;
  }

  private resolve(ref: string): Response {
    const name = ref.replace("#/components/responses/", "");
    const response = this.document.components.responses[name];
    if (!response) throw new Error(`no response ${ref}`);
    return response;
  }

  private compile(schema: Schema): ValidateFunction {
    let validate = this.cache.get(schema);
    if (!validate) {
      const text = JSON.stringify(schema).replaceAll(
        '"#/components/schemas/',
        `"${COMPONENTS_ID}#/$defs/`,
      );
      validate = this.ajv.compile(JSON.parse(text) as Schema);
      this.cache.set(schema, validate);
    }
    return validate;
  }
}

/** An event stream never ends: its status and type are read, then the call is let go. */
async function openStream(base: string, path: string, options: CallOptions): Promise<Answer> {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (options.cookies)
    headers.cookie =
      typeof options.cookies === "string"
        ? options.cookies
        : [...options.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(`${base}${path}`, { headers, signal: controller.signal });
  const streaming = (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
  const text = streaming ? "" : await response.text();
  controller.abort();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    json,
    setCookies: new Map(),
    ms: 0,
  };
}

// ── requests from the document's schemas ───────────────────────────────────────────────────────

type Request = { name: string; path: string; options: CallOptions };
type Samples = Readonly<Record<string, string>>;

/** Reads first, then writes, then what ends sessions or removes things, so reads see the data. */
function ordered(document: Document) {
  const rank = (template: string, method: string) =>
    /logout|signout|\/remove$|\/delete$|block/.test(template) || method === "delete"
      ? 2
      : method === "get"
        ? 0
        : 1;
  return Object.entries(document.paths)
    .flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ template, method, operation })),
    )
    .sort((a, b) => rank(a.template, a.method) - rank(b.template, b.method));
}

function withSession(request: Request, cookies: Map<string, string> | undefined): Request {
  return { ...request, options: { ...request.options, ...(cookies ? { cookies } : {}) } };
}

/**
 * Values that fit together, by field name: an address in Ontario, a phone, a pickup window that
 * ends after it starts and a closed date in the future. Optional fields named here are sent too
 * (a farm's profile needs its address; a location its city and province).
 */
const FIELD_SAMPLES: Readonly<Record<string, string>> = {
  phone: "(416) 555-0123",
  country: "CA",
  provinceState: "ON",
  city: "Toronto",
  address: "12 Orchard Road",
  postalCode: "M5V 2T6",
  currency: "CAD",
  startsAt: "09:00",
  endsAt: "12:00",
  cutoffAt: "18:00",
  day: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
};

/** Real rows for the path parameters: the demo's own, so reads can answer 200. */
async function pathSamples(sql: GroupContext["env"]["sql"]): Promise<Record<string, string>> {
  const one = async (text: string) =>
    String(Object.values((await sql<Record<string, unknown>>(text))[0] ?? { v: "1" })[0]);
  const farm = "(select id from members where username = 'maple_ridge_farm')";
  const customer = "(select id from members where username = 'demo_customer')";
  return {
    ...FIELD_SAMPLES,
    productId: await one(`select id from products where merchant_id = ${farm} order by id limit 1`),
    // Ask The Farmer and the farm-reply check name a product of the demo farm, never a made-up id.
    prodId: await one(
      `select id from products where merchant_id = ${farm} and status = 'active' order by id limit 1`,
    ),
    pKey: await one(`select p_key from products where merchant_id = ${farm} order by id limit 1`),
    orderNo: await one(
      `select o.order_no from orders o join order_items i on i.order_id = o.id
       where o.customer_id = ${customer} and i.merchant_id = ${farm} order by o.id limit 1`,
    ),
    conversationId: await one(
      `select id from conversations where customer_id = ${customer} order by id limit 1`,
    ),
    reviewId: await one(`select id from reviews where member_id = ${customer} order by id limit 1`),
    // A place of the demo farm, for its pickup windows: "At the farm" when it has none yet.
    placeId: await one(
      `with made as (
         insert into pickup_places (merchant_id, name)
         select ${farm}, 'At the farm'
         where not exists (select 1 from pickup_places where merchant_id = ${farm} and removed_at is null)
         returning id)
       select id from (select id from made union all
         select id from pickup_places where merchant_id = ${farm} and removed_at is null) places
       order by id limit 1`,
    ),
    ...Object.fromEntries(
      await Promise.all(
        MEMBER_ROLES.map(async (role) => [
          `${role}Email`,
          await one(`select email from members where username = '${ACCOUNTS[role]}'`),
        ]),
      ),
    ),
    username: "maple_ridge_farm",
    userKey: await one(`select user_key from members where id = ${customer}`),
    // A member no other group signs in as: an admin's password reset may land on them.
    memberId: await one(
      `select id from members where member_type = 'customer' and username not in
       ('demo_customer', 'liam_obrien', 'fatima_ali', 'noah_martin', 'sofia_rossi', 'maya_chen')
       order by id desc limit 1`,
    ),
  };
}

function validRequest(
  template: string,
  method: string,
  operation: Operation,
  samples: Samples,
): Request {
  const values = new Map<string, string>();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "header") continue;
    // An optional query parameter is sent when the harness has a real value for it (a farm
    // named through its product).
    if (parameter.in === "query" && !parameter.required && samples[parameter.name] === undefined)
      continue;
    values.set(`${parameter.in}:${parameter.name}`, parameterSample(parameter, samples));
  }
  return {
    name: "a valid request",
    path: pathOf(template, values),
    options: { method: method.toUpperCase(), ...bodyOf(operation, samples) },
  };
}

function invalidRequests(
  template: string,
  method: string,
  operation: Operation,
  samples: Samples,
): Request[] {
  const requests: Request[] = [];
  const base = validRequest(template, method, operation, samples);
  const valid = new Map<string, string>();
  for (const parameter of operation.parameters ?? [])
    if (parameter.in !== "header" && (parameter.in === "path" || parameter.required))
      valid.set(`${parameter.in}:${parameter.name}`, parameterSample(parameter, samples));
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === "header") continue;
    const wrong = wrongText(parameter.schema);
    if (wrong === null) continue;
    const values = new Map(valid).set(`${parameter.in}:${parameter.name}`, wrong);
    requests.push({
      name: `${parameter.in} ${parameter.name}=${JSON.stringify(wrong)}`,
      path: pathOf(template, values),
      options: base.options,
    });
  }
  const json = operation.requestBody?.content["application/json"]?.schema;
  if (json && base.options.body !== undefined) {
    const properties = json.properties ?? {};
    const field = (json.required ?? []).find((name) => properties[name]);
    if (field) {
      const body = { ...(base.options.body as object), [field]: wrongValue(properties[field]!) };
      requests.push({
        name: `${field} of the wrong type`,
        path: base.path,
        options: { ...base.options, body },
      });
    }
    requests.push({
      name: "a text/plain body",
      path: base.path,
      options: {
        ...base.options,
        body: JSON.stringify(base.options.body),
        contentType: "text/plain",
      },
    });
  }
  return requests;
}

function pathOf(template: string, values: Map<string, string>): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values.get(`path:${name}`) ?? "1"),
  );
  const query = new URLSearchParams();
  for (const [key, value] of values) if (key.startsWith("query:")) query.set(key.slice(6), value);
  return query.size ? `${path}?${query}` : path;
}

function parameterSample(parameter: Parameter, samples: Samples): string {
  const known = samples[parameter.name];
  if (parameter.in === "path" && known !== undefined && accepts(parameter.schema, known))
    return known;
  if (parameter.name === "userId" && samples.userKey) return samples.userKey;
  return String(sample(parameter.schema, parameter.name, samples));
}

/** A loose check of a sample against a parameter's schema (its type, pattern and enum). */
function accepts(schema: Schema, text: string): boolean {
  if (schema.enum) return schema.enum.includes(text);
  if (schema.type === "integer") return /^\d+$/.test(text);
  if (schema.pattern) return new RegExp(schema.pattern, "u").test(text);
  return true;
}

function bodyOf(operation: Operation, samples: Samples): Partial<CallOptions> {
  const content = operation.requestBody?.content;
  if (!content) return {};
  const json = content["application/json"]?.schema;
  if (json) return { body: sample(json, "body", samples) };
  const form =
    content["multipart/form-data"]?.schema ?? content["application/x-www-form-urlencoded"]?.schema;
  if (!form) return {};
  const data = new FormData();
  const fields = sample(form, "form", samples) as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) {
    if (form.properties?.[name]?.format === "binary")
      data.set(name, new Blob([TINY_PNG], { type: "image/png" }), "contract.png");
    else data.set(name, String(value));
  }
  return { body: data };
}

/** A 1×1 PNG, for the upload fields. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let serial = 0;

/** A value the schema takes, chosen by the field's name where the schema leaves room. */
function sample(schema: Schema, name: string, samples: Samples): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const branch = branches.find((option) => option.type !== "null") ?? branches[0]!;
    // An object's branches name what else it requires (a city with its province, or a postal code).
    const required = [...(schema.required ?? []), ...(branch.required ?? [])];
    return sample(
      { ...schema, anyOf: undefined, oneOf: undefined, ...branch, required },
      name,
      samples,
    );
  }
  if (schema.allOf) return sample(Object.assign({}, ...schema.allOf) as Schema, name, samples);
  const type = Array.isArray(schema.type)
    ? (schema.type.find((t) => t !== "null") ?? "null")
    : schema.type;
  switch (type) {
    case "string":
      return sampleText(schema, name, samples);
    case "integer":
    case "number": {
      if (/id$/i.test(name) && samples[name]) return Number(samples[name]);
      if (/^(userId|memberId)$/.test(name)) return Number(samples.memberId);
      const low =
        schema.minimum ??
        (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
      const value = Math.max(low ?? 1, Math.min(1, schema.maximum ?? 1));
      const step = typeof schema.multipleOf === "number" ? schema.multipleOf : 1;
      return Math.ceil(value / step) * step;
    }
    case "boolean":
      return FLAG_SAMPLES[name] ?? true;
    case "null":
      return null;
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sample(schema.items ?? {}, name, samples),
      );
    case "object": {
      const properties = schema.properties ?? {};
      return Object.fromEntries(
        Object.keys(properties)
          .filter((field) => schema.required?.includes(field) || FIELD_SAMPLES[field] !== undefined)
          .map((field) => [field, sample(properties[field]!, field, samples)]),
      );
    }
    default:
      return sampleText(schema, name, samples);
  }
}

const TEXT_CANDIDATES = [
  "Contract",
  "contract",
  "a",
  "1",
  "10",
  "5.00",
  "CA",
  "ON",
  "M5V 2T6",
  "0123456789abcdef0123456789abcdef",
  "2026-12-07",
];

function sampleText(schema: Schema, name: string, samples: Samples): string {
  if (schema.format === "email" || /email/i.test(name)) return `contract${++serial}@example.test`;
  if (/password/i.test(name)) return `${PASSWORD}x`;
  if (schema.format === "uuid") return randomUUID();
  if (schema.format === "date-time") return new Date().toISOString();
  if (/username/i.test(name)) return `contract_${Date.now() % 100000}_${++serial}`;
  const fits = (text: string) =>
    (!schema.pattern || new RegExp(schema.pattern, "u").test(text)) &&
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Infinity);
  const known = samples[name];
  if (known !== undefined && fits(known)) return known;
  const found = TEXT_CANDIDATES.find(fits);
  if (found) return found;
  return "a".repeat(Math.max(1, schema.minLength ?? 1));
}

/** A JSON value of another type than the schema's: no lenient reading takes it. */
function wrongValue(schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return type === "object" || type === "array" ? "not this" : { wrong: "type" };
}

/** Text a parameter's schema refuses (null when any text is fine). */
function wrongText(schema: Schema): string | null {
  if (schema.type === "integer" || schema.type === "number") return "not-a-number";
  if (schema.enum) return "not-one-of-them";
  if (schema.pattern && !new RegExp(schema.pattern, "u").test("~~")) return "~~";
  return null;
}
