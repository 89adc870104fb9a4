import "server-only";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { MSG } from "@/lib/validation/messages";
import { validationError } from "@/server/errors";

/**
 * Paging shared by the catalog lists. The spec pages by page number, and `page` works (a bounded
 * OFFSET); Load More instead sends back the opaque `nextCursor` of the previous answer, a keyset
 * on the sort key and the id, which costs the same at any depth (notes/performance.md).
 */

/** Deepest row a page number may reach; deeper than this, Load More's cursor is the way. */
export const MAX_LIST_OFFSET = 2_400;

/** How a key's value travels in the cursor, checked on the way back in (the cursor is client input). */
export type KeyKind = "bool" | "int" | "float" | "numeric" | "timestamptz";

/** One column of a list's order: an expression, its direction, and how its value is carried. */
export type SortKey = { expr: SQL; dir: "asc" | "desc"; kind: KeyKind };

export type CursorValue = boolean | number | string;

type CursorPayload = { s: string; p: number; t: number; k: CursorValue[] };

export type Paging = {
  /** Page number of the answer (1-based). */
  page: number;
  offset: number;
  /** Key values of the last row already shown, when paging by cursor. */
  after: CursorValue[] | null;
  /** The total carried by the cursor; null when it must be counted. */
  total: number | null;
};

/** Identifies one list query (sort, keyword, place) so a cursor is never applied to another. */
export function listSignature(parts: readonly unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 16);
}

/**
 * Where this answer starts: after the cursor's row when it is valid for this query, else at the
 * page number. A page past MAX_LIST_OFFSET is refused with 'Invalid Page' on `page`.
 */
export function resolvePaging(input: {
  page: number;
  cursor?: string | null;
  perPage: number;
  signature: string;
  keys: readonly SortKey[];
}): Paging {
  const decoded = input.cursor ? decodeCursor(input.cursor, input.signature, input.keys) : null;
  if (decoded) return { page: decoded.p + 1, offset: 0, after: decoded.k, total: decoded.t };
  const offset = (input.page - 1) * input.perPage;
  if (offset > MAX_LIST_OFFSET) throw validationError({ page: [MSG.invalidPage] });
  return { page: input.page, offset, after: null, total: null };
}

export function encodeCursor(
  signature: string,
  page: number,
  total: number,
  keys: CursorValue[],
): string {
  const payload: CursorPayload = { s: signature, p: page, t: total, k: keys };
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const NUMERIC = /^-?\d{1,12}(\.\d{1,6})?$/;

function isKeyValue(kind: KeyKind, value: unknown): value is CursorValue {
  switch (kind) {
    case "bool":
      return typeof value === "boolean";
    case "int":
      return Number.isSafeInteger(value);
    case "float":
      return typeof value === "number" && Number.isFinite(value);
    case "numeric":
      return typeof value === "string" && NUMERIC.test(value);
    case "timestamptz":
      return typeof value === "string" && TIMESTAMP.test(value);
  }
}

/** The cursor's payload, or null when it is malformed, made for another query, or tampered with. */
export function decodeCursor(
  cursor: string,
  signature: string,
  keys: readonly SortKey[],
): CursorPayload | null {
  if (cursor.length > 1_000) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const { s, p, t, k } = payload as Partial<CursorPayload>;
  if (s !== signature) return null;
  if (!Number.isSafeInteger(p) || p! < 1 || !Number.isSafeInteger(t) || t! < 0) return null;
  if (!Array.isArray(k) || k.length !== keys.length) return null;
  if (!keys.every((key, i) => isKeyValue(key.kind, k[i]))) return null;
  return { s, p: p!, t: t!, k };
}

const CASTS: Record<KeyKind, SQL> = {
  bool: sql.raw("boolean"),
  int: sql.raw("bigint"),
  float: sql.raw("double precision"),
  numeric: sql.raw("numeric"),
  timestamptz: sql.raw("timestamptz"),
};

function param(key: SortKey, value: CursorValue): SQL {
  return sql`cast(${value} as ${CASTS[key.kind]})`;
}

/**
 * Rows after `values` in the order of `keys`. When every key runs the same way it is one row
 * comparison, which an index on those columns serves directly; mixed directions expand to
 * "(a after x) or (a = x and b after y) or ...".
 */
export function keysetAfter(keys: readonly SortKey[], values: readonly CursorValue[]): SQL {
  const [first] = keys;
  if (first && keys.every((key) => key.dir === first.dir)) {
    const op = sql.raw(first.dir === "desc" ? "<" : ">");
    const left = sql.join(
      keys.map((key) => key.expr),
      sql`, `,
    );
    const right = sql.join(
      keys.map((key, i) => param(key, values[i]!)),
      sql`, `,
    );
    return sql`(${left}) ${op} (${right})`;
  }
  const branches = keys.map((key, i) => {
    const equal = keys
      .slice(0, i)
      .map((prior, j) => sql`${prior.expr} = ${param(prior, values[j]!)}`);
    const op = sql.raw(key.dir === "desc" ? "<" : ">");
    return sql.join([...equal, sql`${key.expr} ${op} ${param(key, values[i]!)}`], sql` and `);
  });
  return sql`(${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` or `,
  )})`;
}

export function orderByKeys(keys: readonly SortKey[]): SQL {
  return sql.join(
    keys.map((key) => sql`${key.expr} ${sql.raw(key.dir)}`),
    sql`, `,
  );
}

/** The keys as selected columns `k0, k1, ...`, read back for the next cursor. */
export function selectKeys(keys: readonly SortKey[]): SQL {
  return sql.join(
    keys.map((key, i) => {
      // Text keeps a timestamp's microseconds and a numeric's digits exactly.
      const value =
        key.kind === "timestamptz" || key.kind === "numeric" ? sql`(${key.expr})::text` : key.expr;
      return sql`${value} as ${sql.identifier(`k${i}`)}`;
    }),
    sql`, `,
  );
}

/** The cursor values of a row selected with `selectKeys`. */
export function readKeys(row: Record<string, unknown>, keys: readonly SortKey[]): CursorValue[] {
  return keys.map((key, i) => {
    const value = row[`k${i}`];
    if (key.kind === "int" || key.kind === "float") return Number(value);
    if (key.kind === "bool") return Boolean(value);
    return String(value);
  });
}
