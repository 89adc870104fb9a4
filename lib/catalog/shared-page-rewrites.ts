/**
 * The rewrites to the shared copies of the catalog pages (decision 0028, lib/catalog/shared-pages.ts
 * says when a request gets one). Loaded by next.config.ts, so relative imports only.
 */
import { COOKIE_NAMES, DEFAULT_SORT_TYPE } from "../constants";

/** Where the shared copies live; every value is an `=` segment, `=` alone being none. */
export const SHARED_PAGES_PREFIX = "/shared-pages";
const NONE = "=";

type Condition = { type: "cookie" | "query" | "header"; key: string; value?: string };
export type SharedPageRewrite = {
  source: string;
  destination: string;
  has?: Condition[];
  missing?: Condition[];
};

const cookie = (key: string, value?: string): Condition => ({ type: "cookie", key, value });
const query = (key: string, value?: string): Condition => ({ type: "query", key, value });

/** Whoever sees everyone's catalog: a visitor without My Local, or a farm or an admin. */
const EVERYONES_CATALOG: { has: Condition[]; missing: Condition[] }[] = [
  {
    has: [],
    missing: [
      cookie(COOKIE_NAMES.token),
      cookie(COOKIE_NAMES.authenticated, "true"),
      cookie(COOKIE_NAMES.locAddress),
    ],
  },
  { has: [cookie(COOKIE_NAMES.memberType, "(?:merchant|admin)")], missing: [] },
];

/** Titles carry a trusted proxy's city (server/security/client-info.ts): such pages are theirs. */
const NO_CITY: Condition[] = ["x-vercel-ip-city", "cf-ipcity", "x-geo-city"].map((key) => ({
  type: "header",
  key,
}));

/**
 * A keyword the rules may put in a path as it is: Next writes a captured value into the
 * destination unencoded, so `/`, `?`, `#`, `%` and `\` (and anything longer than a keyword) keep
 * the page rendered per request instead. The copy sanitises the keyword as the page does.
 */
const PLAIN_KEYWORD = "(?<keyword>[^/?#%\\\\]{1,100})";
const SORT = "(?<sortType>all|popular|latest|rating)";
const FARMER_SORT = "(?<sortType>all|rating)";

/**
 * The query's value, or "none in the query nor remembered" (`remembered`: the cookie, null when the
 * list remembers nothing), for a search's two inputs. Next takes an empty query value for none, in
 * `has` and in `missing` alike.
 */
function searchInput(name: string, pattern: string, remembered: string | null, fallback: string) {
  return [
    { has: [query(name, pattern)], missing: [], value: `:${name}` },
    {
      has: [],
      missing: [query(name), ...(remembered ? [cookie(remembered)] : [])],
      value: fallback,
    },
  ];
}

/** The rewrites to the shared copies, for next.config.ts (`beforeFiles`, ahead of the pages). */
export function sharedPageRewrites(): SharedPageRewrite[] {
  const rules: SharedPageRewrite[] = [];
  const add = (
    source: string,
    destination: string,
    has: Condition[] = [],
    missing: Condition[] = [],
  ) => {
    for (const viewer of EVERYONES_CATALOG)
      rules.push({
        source,
        destination,
        ...(viewer.has.length + has.length ? { has: [...viewer.has, ...has] } : {}),
        missing: [...viewer.missing, ...missing, ...NO_CITY],
      });
  };
  add("/", `${SHARED_PAGES_PREFIX}/home/${NONE}`);
  for (const keyword of searchInput("keyword", PLAIN_KEYWORD, COOKIE_NAMES.keyword, ""))
    for (const sort of searchInput("sortType", SORT, COOKIE_NAMES.sortType, DEFAULT_SORT_TYPE))
      add(
        "/products/filtered",
        `${SHARED_PAGES_PREFIX}/products/${NONE}/${sort.value}/=${keyword.value}`,
        [...keyword.has, ...sort.has],
        [...keyword.missing, ...sort.missing],
      );
  // The farmers list remembers no search: what the query leaves out is none, and All.
  for (const keyword of searchInput("keyword", PLAIN_KEYWORD, null, ""))
    for (const sort of searchInput("sortType", FARMER_SORT, null, DEFAULT_SORT_TYPE))
      add(
        "/merchants/list",
        `${SHARED_PAGES_PREFIX}/farmers/${NONE}/${sort.value}/=${keyword.value}`,
        [...keyword.has, ...sort.has],
        [...keyword.missing, ...sort.missing],
      );
  // A store has no My Local: everyone but a farm (it may be theirs) gets the shared copy.
  rules.push({
    source: "/stores/:username",
    destination: `${SHARED_PAGES_PREFIX}/stores/:username`,
    missing: [cookie(COOKIE_NAMES.memberType, "merchant")],
  });
  return rules;
}
