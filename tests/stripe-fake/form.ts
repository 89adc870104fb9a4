/**
 * Stripe's form encoding as the SDK and Stripe.js send it: `a[b][c]=1`, arrays as `list[0]=x` or
 * `list[]=x`, brackets raw or percent-encoded. Values stay strings; handlers read them through the
 * typed readers below, which answer Stripe's parameter errors.
 */
import { invalidParam } from "./errors";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Params = { [key: string]: FormValue };

export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    assign(root, splitKey(rawKey), value);
  }
  return root;
}

/** `a[b][]` → ["a", "b", ""]; a key that is not bracket-shaped is kept whole. */
function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return [key];
  const rest = [...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "");
  return [match[1], ...rest];
}

const isIndex = (segment: string) => segment === "" || /^\d+$/.test(segment);

function assign(container: FormValue, keys: string[], value: string): void {
  const [head, ...rest] = keys;
  if (head === undefined || typeof container === "string") return;
  const child: FormValue | undefined = rest.length === 0 ? value : undefined;
  if (Array.isArray(container)) {
    const index = head === "" ? container.length : Number(head);
    if (child !== undefined) container[index] = child;
    else {
      container[index] ??= isIndex(rest[0] ?? "") ? [] : {};
      assign(container[index], rest, value);
    }
    return;
  }
  if (child !== undefined) container[head] = child;
  else {
    container[head] ??= isIndex(rest[0] ?? "") ? [] : {};
    assign(container[head], rest, value);
  }
}

/** A stable text of the parameters, for comparing a replayed request with the first one. */
export function fingerprint(params: Params): string {
  const sort = (value: FormValue): unknown =>
    typeof value === "string" || Array.isArray(value)
      ? Array.isArray(value)
        ? value.map(sort)
        : value
      : Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, sort(value[k] as FormValue)]),
        );
  return JSON.stringify(sort(params));
}

export function readString(params: Params, key: string, param = key): string | undefined {
  const value = params[key];
  if (value === undefined || typeof value === "string") return value;
  throw invalidParam(param, `Invalid string: ${JSON.stringify(value)}`);
}

export function readInt(params: Params, key: string, param = key): number | undefined {
  const value = readString(params, key, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidParam(param, `Invalid integer: ${value}`);
  return Number(value);
}

export function readBool(params: Params, key: string, param = key): boolean | undefined {
  const value = readString(params, key, param);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalidParam(param, `Invalid boolean: ${value}`);
  return value === "true";
}

/** A hash parameter; `""` (Stripe's way to clear a hash) reads as an empty one. */
export function readObject(params: Params, key: string, param = key): Params | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (value === "") return {};
  if (typeof value === "object" && !Array.isArray(value)) return value;
  throw invalidParam(param, `Invalid hash`);
}

/** An array parameter; Stripe accepts `x[0]=a`, `x[]=a` and a hash keyed by indexes alike. */
export function readList(params: Params, key: string, param = key): string[] {
  const value = params[key];
  if (value === undefined || value === "") return [];
  if (typeof value === "string") return [value];
  const items = Array.isArray(value)
    ? value
    : typeof value === "object"
      ? Object.values(value)
      : [];
  if (items.some((item) => typeof item !== "string")) throw invalidParam(param, `Invalid array`);
  return items as string[];
}

/** An array of hashes (`items[0][price]=...`), as `readList` reads an array of strings. */
export function readObjectList(params: Params, key: string, param = key): Params[] {
  const value = params[key];
  if (value === undefined || value === "") return [];
  const items = Array.isArray(value)
    ? value
    : typeof value === "object"
      ? Object.values(value)
      : [value];
  return items.map((item, i) => {
    if (typeof item !== "object" || Array.isArray(item))
      throw invalidParam(`${param}[${i}]`, "Invalid hash");
    return item;
  });
}
