import { describe, expect, it } from "vitest";
import { canonicalProductsPath } from "./product-search-params";

describe("canonicalProductsPath", () => {
  it.each([
    [{}, "/products/filtered"],
    [{ sortType: "all", keyword: "" }, "/products/filtered"],
    [{ sortType: "popular" }, "/products/filtered?sortType=popular"],
    [{ sortType: ["latest", "popular"] }, "/products/filtered?sortType=latest"],
    [{ keyword: "honey", sortType: "all" }, "/products/filtered?keyword=honey"],
    [
      { keyword: "wild honey", sortType: "latest" },
      "/products/filtered?keyword=wild+honey&sortType=latest",
    ],
    [{ sortType: "cheapest" }, "/products/filtered"],
    [{ keyword: "<script>alert(1)</script>honey" }, "/products/filtered?keyword=honey"],
  ])("%j → %s (the query's own search, never the cookies')", (params, path) => {
    expect(canonicalProductsPath(params)).toBe(path);
  });
});
