import { describe, expect, it } from "vitest";
import {
  fromSegment,
  sharedPageAddress,
  sortTypeOfSegment,
  toSegment,
  type SharedPageRequest,
} from "./shared-pages";

function request(
  url: string,
  cookies: Record<string, string> = {},
  options: { method?: string; headers?: Record<string, string>; trust?: boolean } = {},
): SharedPageRequest {
  const parsed = new URL(url, "http://localhost");
  return {
    method: options.method ?? "GET",
    pathname: parsed.pathname,
    searchParams: parsed.searchParams,
    cookies: {
      get: (name) => {
        const value = cookies[name];
        return value === undefined ? undefined : { value };
      },
    },
    headers: new Headers(options.headers),
    trustProxyHeaders: options.trust ?? false,
  };
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
      "a bad sort falls back to All",
      "/products/filtered?sortType=cheapest",
      {},
      "/shared-pages/products/=/all/=",
    ],
    [
      "the keyword is sanitised",
      "/products/filtered?keyword=%3Cb%3Ekale%3C/b%3E",
      {},
      "/shared-pages/products/=/all/=kale",
    ],
    [
      "a statement clears the keyword",
      "/products/filtered?keyword=1%27%20or%20%271%27%3D%271",
      {},
      "/shared-pages/products/=/all/=",
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
      "an empty keyword clears the remembered one",
      "/products/filtered?keyword=&sortType=latest",
      { keyword: "x" },
      "/shared-pages/products/=/latest/=",
    ],
    [
      "a farm's search",
      "/products/filtered?keyword=kale&sortType=all",
      farm,
      "/shared-pages/products/=/all/=kale",
    ],
    ["a customer's search", "/products/filtered?keyword=kale&sortType=all", customer, null],
    ["the farmers list", "/merchants/list", {}, "/shared-pages/farmers/=/="],
    [
      "the farmers list with a keyword",
      "/merchants/list?keyword=maple%20ridge",
      {},
      "/shared-pages/farmers/=/=maple%20ridge",
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
    expect(sharedPageAddress(request(url, cookies))).toBe(expected);
  });

  it("only reads pages: a POST is never rewritten", () => {
    expect(sharedPageAddress(request("/", {}, { method: "POST" }))).toBeNull();
    expect(sharedPageAddress(request("/", {}, { method: "HEAD" }))).toBe("/shared-pages/home/=");
  });

  it("keys on the city only when a trusted proxy reports it", () => {
    const headers = { "x-vercel-ip-city": "Saint-J%C3%A9r%C3%B4me" };
    expect(sharedPageAddress(request("/", {}, { headers }))).toBe("/shared-pages/home/=");
    expect(sharedPageAddress(request("/", {}, { headers, trust: true }))).toBe(
      "/shared-pages/home/=Saint-J%C3%A9r%C3%B4me",
    );
    expect(
      sharedPageAddress(
        request("/merchants/list", {}, { headers: { "cf-ipcity": "<b>" }, trust: true }),
      ),
    ).toBe("/shared-pages/farmers/=b/=");
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

  it("sorts are the three the page knows", () => {
    expect(sortTypeOfSegment("popular")).toBe("popular");
    expect(sortTypeOfSegment("cheapest")).toBeNull();
  });
});
