import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import {
  matchHas,
  prepareDestination,
} from "next/dist/shared/lib/router/utils/prepare-destination";
import { describe, expect, it } from "vitest";
import { sharedPageRewrites } from "./shared-page-rewrites";
import { farmerSortTypeOfSegment, fromSegment, sortTypeOfSegment, toSegment } from "./shared-pages";

/**
 * Where next.config.ts's rules send a GET, worked out with Next's own matching (the router's
 * matchHas and prepareDestination; Next's config-testing helper drops the params `has` captures).
 */
function rewriteOf(
  url: string,
  cookies: Record<string, string> = {},
  headers: Record<string, string> = {},
): string | null {
  const parsed = new URL(url, "http://localhost");
  const query = Object.fromEntries(parsed.searchParams);
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  const req = { headers: { ...headers, cookie } };
  for (const rule of sharedPageRewrites()) {
    const params = getPathMatch(rule.source)(parsed.pathname);
    if (!params) continue;
    const hasParams = matchHas(req as never, query, rule.has as never, rule.missing as never);
    if (!hasParams) continue;
    const { newUrl } = prepareDestination({
      appendParamsToQuery: false,
      destination: rule.destination,
      params: { ...params, ...hasParams },
      query,
    });
    return new URL(newUrl, "http://localhost").pathname;
  }
  return null;
}

const customer = { _token: "t", authenticated: "true", member_type: "customer" };
const farm = { _token: "t", authenticated: "true", member_type: "merchant" };
const admin = { _token: "t", authenticated: "true", member_type: "admin" };
const visitorWithMyLocal = { loc_address: "v1.x", loc_radius: "25" };

describe("which requests get a page's shared copy (decision 0028)", () => {
  it.each<[string, string, Record<string, string>, string | null]>([
    ["a visitor's dashboard", "/", {}, "/shared-pages/home/="],
    ["a farm's dashboard (farms have no My Local)", "/", farm, "/shared-pages/home/="],
    ["an admin's dashboard", "/", admin, "/shared-pages/home/="],
    ["a customer's dashboard (their My Local is in the database)", "/", customer, null],
    ["a session cookie without the hint counts as a customer", "/", { _token: "t" }, null],
    ["a visitor with My Local", "/", visitorWithMyLocal, null],
    [
      "a farm's My Local cookie is not theirs to use",
      "/",
      { ...farm, ...visitorWithMyLocal },
      "/shared-pages/home/=",
    ],
    [
      "a search from the query",
      "/products/filtered?keyword=Tomato&sortType=popular",
      {},
      "/shared-pages/products/=/popular/=Tomato",
    ],
    ["every product", "/products/filtered", {}, "/shared-pages/products/=/all/="],
    [
      "an unknown sort renders per request (the page reads it as All)",
      "/products/filtered?sortType=cheapest",
      {},
      null,
    ],
    [
      "a keyword with a slash renders per request",
      "/products/filtered?keyword=%3Cb%3Ekale%3C/b%3E",
      {},
      null,
    ],
    [
      "the copy gets the raw keyword, and sanitises it as the page does",
      "/products/filtered?keyword=1%27%20or%20%271%27%3D%271",
      {},
      "/shared-pages/products/=/all/=1'%20or%20'1'='1",
    ],
    [
      "spaces and accents are encoded",
      "/products/filtered?keyword=caf%C3%A9%20au%20lait",
      {},
      "/shared-pages/products/=/all/=caf%C3%A9%20au%20lait",
    ],
    [
      "a remembered keyword fills an address without one",
      "/products/filtered",
      { keyword: "kale" },
      null,
    ],
    [
      "a remembered sort fills an address without one",
      "/products/filtered?keyword=kale",
      { sortType: "latest" },
      null,
    ],
    [
      "the query wins over what is remembered",
      "/products/filtered?keyword=kale&sortType=all",
      { keyword: "x", sortType: "latest" },
      "/shared-pages/products/=/all/=kale",
    ],
    [
      "an empty keyword over a remembered one renders per request",
      "/products/filtered?keyword=&sortType=latest",
      { keyword: "x" },
      null,
    ],
    [
      "a farm's search",
      "/products/filtered?keyword=kale&sortType=all",
      farm,
      "/shared-pages/products/=/all/=kale",
    ],
    ["a customer's search", "/products/filtered?keyword=kale&sortType=all", customer, null],
    ["the farmers list", "/merchants/list", {}, "/shared-pages/farmers/=/all/="],
    [
      "the farmers list with a keyword",
      "/merchants/list?keyword=maple%20ridge",
      {},
      "/shared-pages/farmers/=/all/=maple%20ridge",
    ],
    [
      "the farmers list, top rated",
      "/merchants/list?sortType=rating",
      {},
      "/shared-pages/farmers/=/rating/=",
    ],
    [
      "the farmers list with a keyword, top rated",
      "/merchants/list?keyword=maple&sortType=rating",
      {},
      "/shared-pages/farmers/=/rating/=maple",
    ],
    [
      "a farmers sort the list does not have renders per request (the page reads it as All)",
      "/merchants/list?sortType=popular",
      {},
      null,
    ],
    ["a visitor with My Local on the farmers list", "/merchants/list", visitorWithMyLocal, null],
    [
      "a store for a visitor",
      "/stores/maple_ridge_farm",
      {},
      "/shared-pages/stores/maple_ridge_farm",
    ],
    [
      "a store for a customer (the store has no My Local)",
      "/stores/maple_ridge_farm",
      customer,
      "/shared-pages/stores/maple_ridge_farm",
    ],
    ["a store for a farm (it may be theirs)", "/stores/maple_ridge_farm", farm, null],
    ["a trailing slash", "/stores/maple_ridge_farm/", {}, "/shared-pages/stores/maple_ridge_farm"],
    ["an owner-only view", "/stores/maple_ridge_farm/public", {}, null],
    ["a product page (cached on its own)", "/products/17", {}, null],
    ["the cart", "/cart", {}, null],
  ])("%s", (_, url, cookies, expected) => {
    expect(rewriteOf(url, cookies)).toBe(expected);
  });

  it("keeps a page with a proxy's city in its title per request", () => {
    expect(rewriteOf("/", {}, { "x-vercel-ip-city": "Guelph" })).toBeNull();
    expect(rewriteOf("/merchants/list", {}, { "cf-ipcity": "Guelph" })).toBeNull();
  });
});

describe("segments", () => {
  it.each(["", "kale", "café au lait", "100% organic", "a=b", "%20", "~"])(
    "%j comes back as itself, encoded once or decoded once",
    (value) => {
      const segment = toSegment(value);
      expect(fromSegment(segment)).toBe(value === "%20" ? " " : value);
      expect(fromSegment(decodeURIComponent(segment))).toBe(value === "%20" ? " " : value);
    },
  );

  it("anything not written by toSegment is no segment", () => {
    expect(fromSegment("~")).toBeNull();
    expect(fromSegment("kale")).toBeNull();
  });

  it("a sort is read as the page reads a query's", () => {
    expect(sortTypeOfSegment("popular")).toBe("popular");
    expect(sortTypeOfSegment("cheapest")).toBe("all");
    expect(farmerSortTypeOfSegment("rating")).toBe("rating");
    expect(farmerSortTypeOfSegment("popular")).toBe("all");
  });
});
