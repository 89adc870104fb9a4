import { describe, expect, it } from "vitest";
import {
  escapeLikePattern,
  looksLikeSqlStatement,
  merchantSearchSchema,
  productSearchSchema,
  sanitizeKeyword,
  stripScriptTags,
} from "./search";
import { parseOk } from "./test-utils";

describe("sanitizeKeyword", () => {
  it.each([
    ["'; DROP TABLE members; --", ""],
    ["apples UNION SELECT password FROM members", ""],
    ["apples' --", ""],
    ["x' OR 1=1", ""],
    ["x OR 1=1", ""],
    ["' or 'a'='a", ""],
    ["admin'/*", ""],
    ["1; delete from orders", ""],
    ["union all select null", ""],
    ["select * from products", ""],
    ["'; exec xp_cmdshell('dir')", ""],
    ["1' and sleep(5)#", ""],
    ["carrots; waitfor delay '0:0:5'", ""],
    ["UN<b>ION</b> SELECT", ""],
  ])("clears a database statement: %j", (input, expected) => {
    expect(sanitizeKeyword(input)).toBe(expected);
  });

  it.each([
    ["<script>alert(1)</script>apples", "apples"],
    ["apples<script src=x>", "apples"],
    ["<SCRIPT>steal()</SCRIPT > honey", "honey"],
    ["<b>fresh</b> eggs", "fresh eggs"],
  ])("strips script tags: %j → %j", (input, expected) => {
    expect(sanitizeKeyword(input)).toBe(expected);
  });

  it.each([
    ["Farmer's market", "Farmer's market"],
    ["  free-range   eggs ", "free-range eggs"],
    ["Jalapeño", "Jalapeño"],
    ["Crème fraîche", "Crème fraîche"],
    ["select apples", "select apples"],
    ["apples and oranges", "apples and oranges"],
    ["rock 'n' and roll", "rock 'n' and roll"],
    ["drop-off", "drop-off"],
    ["jane.doe+farm@example.com", "jane.doe+farm@example.com"],
    ["St. John's, NL", "St. John's, NL"],
    ["order #A-1001", "order #A-1001"],
    ["O’Brien’s “best” honey", `O'Brien's "best" honey`],
  ])("keeps an ordinary search: %j", (input, expected) => {
    expect(sanitizeKeyword(input)).toBe(expected);
  });

  it("replaces characters outside the safe set with spaces", () => {
    expect(sanitizeKeyword("apples;oranges")).toBe("apples oranges");
    expect(sanitizeKeyword("50% off*")).toBe("50 off");
    expect(sanitizeKeyword("🍎 apples\u0000")).toBe("apples");
    expect(sanitizeKeyword("a\\b`c=d")).toBe("a b c d");
  });

  it("returns an empty keyword for no input and cuts long input at 100 characters", () => {
    expect(sanitizeKeyword(undefined)).toBe("");
    expect(sanitizeKeyword(42)).toBe("");
    expect(sanitizeKeyword("a".repeat(300))).toHaveLength(100);
  });

  it("exposes the pieces", () => {
    expect(looksLikeSqlStatement("x' OR '1'='1")).toBe(true);
    expect(looksLikeSqlStatement("organic kale")).toBe(false);
    expect(stripScriptTags("a<script>x</script>b").replace(/\s+/g, "")).toBe("ab");
    expect(escapeLikePattern("100%_x\\")).toBe("100\\%\\_x\\\\");
  });
});

describe("search schemas", () => {
  it("product search sanitises the keyword, defaults the sort and page", () => {
    expect(parseOk(productSearchSchema, { keyword: "<script>x</script>kale" })).toEqual({
      keyword: "kale",
      sortType: "all",
      page: 1,
    });
    expect(
      parseOk(productSearchSchema, { keyword: "x' OR 1=1", sortType: "popular", page: "3" }),
    ).toEqual({
      keyword: "",
      sortType: "popular",
      page: 3,
    });
    expect(parseOk(productSearchSchema, { sortType: "cheapest" }).sortType).toBe("all");
  });

  it("merchant search refuses page 0", () => {
    expect(merchantSearchSchema.safeParse({ keyword: "farm", page: 0 }).success).toBe(false);
    expect(parseOk(merchantSearchSchema, { keyword: "farm" })).toEqual({
      keyword: "farm",
      sortType: "all",
      page: 1,
    });
  });

  it("merchant search sorts All or Top rated; anything else is All", () => {
    expect(parseOk(merchantSearchSchema, { sortType: "rating" }).sortType).toBe("rating");
    expect(parseOk(merchantSearchSchema, { sortType: "popular" }).sortType).toBe("all");
  });
});
