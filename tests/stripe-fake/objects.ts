/**
 * Helpers every resource family shares: Stripe's list answer with cursor paging, `expand`, and the
 * update rules for metadata and plain fields.
 */
import { invalidParam, invalidRequest } from "./errors";
import { readInt, readList, readString, type FormValue, type Params } from "./form";
import { clone, type StripeObject, type Store } from "./store";

export type Json = Record<string, unknown>;

/** `{object:"list", data, has_more, url}`, newest first, paged by limit/starting_after/ending_before. */
export function listAnswer(store: Store, all: StripeObject[], params: Params, url: string): Json {
  const limit = readInt(params, "limit") ?? 10;
  if (limit < 1 || limit > 100)
    throw invalidParam("limit", "This value must be between 1 and 100.");
  let items = [...all].reverse().filter(createdMatches(params));
  const after = readString(params, "starting_after");
  const before = readString(params, "ending_before");
  if (after !== undefined) items = items.slice(items.findIndex((item) => item.id === after) + 1);
  if (before !== undefined) {
    const index = items.findIndex((item) => item.id === before);
    items = items.slice(0, Math.max(index, 0)).slice(-limit);
  }
  const expand = readList(params, "expand")
    .filter((path) => path.startsWith("data."))
    .map((path) => path.slice("data.".length));
  return {
    object: "list",
    data: items.slice(0, limit).map((item) => render(store, item, expand)),
    has_more: items.length > limit,
    url,
  };
}

/** `created` as Stripe's lists take it: a Unix time, or `created[gte|gt|lte|lt]`. */
function createdMatches(params: Params): (item: StripeObject) => boolean {
  const created = params.created;
  if (created === undefined) return () => true;
  const bounds: Record<string, number> = {};
  if (typeof created === "string") bounds.eq = Number(created);
  else if (typeof created === "object" && !Array.isArray(created))
    for (const [op, value] of Object.entries(created)) {
      if (
        !["gte", "gt", "lte", "lt"].includes(op) ||
        typeof value !== "string" ||
        !/^\d+$/.test(value)
      )
        throw invalidParam(`created[${op}]`, "Invalid timestamp");
      bounds[op] = Number(value);
    }
  else throw invalidParam("created", "Invalid timestamp");
  return (item) => {
    const at = Number(item.created);
    return (
      (bounds.eq === undefined || at === bounds.eq) &&
      (bounds.gte === undefined || at >= bounds.gte) &&
      (bounds.gt === undefined || at > bounds.gt) &&
      (bounds.lte === undefined || at <= bounds.lte) &&
      (bounds.lt === undefined || at < bounds.lt)
    );
  };
}

/** A copy of `object` with each `expand` path (`latest_charge`, `latest_charge.refunds`) inlined. */
export function render(store: Store, object: StripeObject, expand: string[] = []): Json {
  const copy: Json = clone(object);
  for (const path of expand) expandPath(store, copy, path.split("."), path);
  return copy;
}

/**
 * Fields Stripe leaves out unless asked for with `expand` ("includable": `invoice.confirmation_secret`,
 * `invoice.payments`): their owner registers how to compute them, keyed `object.field`.
 */
const INCLUDABLE = new Map<string, (store: Store, id: string) => unknown>();

export function registerIncludable(
  field: string,
  compute: (store: Store, id: string) => unknown,
): void {
  INCLUDABLE.set(field, compute);
}

function expandPath(store: Store, target: Json, [head, ...rest]: string[], path: string): void {
  if (head === undefined) return;
  let value = target[head];
  const include = INCLUDABLE.get(`${String(target.object)}.${head}`);
  if (value === undefined && include) {
    value = target[head] = clone(include(store, String(target.id)));
    if (rest.length === 0) return;
  }
  if (typeof value === "string") {
    const found = store.findById(value);
    if (!found) throw cannotExpand(path);
    value = target[head] = clone(found);
  } else if (value !== null && (typeof value !== "object" || rest.length === 0)) {
    throw cannotExpand(path);
  }
  if (value && typeof value === "object" && rest.length > 0) {
    expandPath(store, value as Json, rest, path);
  }
}

const cannotExpand = (path: string) =>
  invalidRequest(`This property cannot be expanded (${path}).`, { param: "expand" });

/** The expand list of a retrieve, for `render`. */
export const expandOf = (params: Params) => readList(params, "expand");

/**
 * Stripe's metadata update: keys merge into what is there, a key set to "" is removed, and
 * `metadata=""` clears them all.
 */
export function mergeMetadata(current: unknown, update: FormValue | undefined): Json {
  const base: Json = update === "" ? {} : { ...(current as Json | undefined) };
  if (update === undefined || update === "") return base;
  if (typeof update !== "object" || Array.isArray(update)) {
    throw invalidParam("metadata", "Invalid metadata: must be a hash of strings.");
  }
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== "string") throw invalidParam(`metadata[${key}]`, "Invalid string");
    if (value === "") delete base[key];
    else base[key] = value;
  }
  return base;
}

/** The plain string fields of `params` named in `fields`; "" means unset (null), as at Stripe. */
export function pickStrings(params: Params, fields: readonly string[]): Json {
  const picked: Json = {};
  for (const field of fields) {
    const value = readString(params, field);
    if (value !== undefined) picked[field] = value === "" ? null : value;
  }
  return picked;
}

/** A nested hash param as plain JSON (billing_details, shipping...), copied as given. */
export function pickHash(params: Params, field: string): Json | undefined {
  const value = params[field];
  if (value === undefined) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw invalidParam(field, "Invalid hash");
  return clone(value) as Json;
}
