import { describe, expect, it } from "vitest";
import { isSameOriginRequest, isStateChangingMethod } from "@/server/http/same-origin";

const APP_URL = "https://market.example";

describe("isSameOriginRequest", () => {
  const request = (url: string, headers: Record<string, string>) =>
    new Request(url, { method: "POST", headers });

  it.each([
    [
      "Origin equal to APP_URL",
      "http://10.0.0.5:3000/api/x",
      { origin: "https://market.example" },
      true,
    ],
    [
      "Origin equal to the request's own origin",
      "http://localhost:3000/api/x",
      { origin: "http://localhost:3000" },
      true,
    ],
    [
      "Sec-Fetch-Site same-origin without Origin",
      "http://localhost:3000/api/x",
      { "sec-fetch-site": "same-origin" },
      true,
    ],
    ["no Origin and no Sec-Fetch-Site", "http://localhost:3000/api/x", {}, false],
    ["a foreign Origin", "http://localhost:3000/api/x", { origin: "https://evil.example" }, false],
    [
      "a sibling subdomain",
      "https://market.example/api/x",
      { origin: "https://shop.market.example" },
      false,
    ],
    [
      "the same host on another scheme",
      "https://market.example/api/x",
      { origin: "http://market.example" },
      false,
    ],
    [
      "the same host on another port",
      "http://localhost:3000/api/x",
      { origin: "http://localhost:3001" },
      false,
    ],
    [
      "Origin null (sandboxed frame, file:)",
      "http://localhost:3000/api/x",
      { origin: "null" },
      false,
    ],
    [
      "Sec-Fetch-Site cross-site",
      "http://localhost:3000/api/x",
      { "sec-fetch-site": "cross-site" },
      false,
    ],
    [
      "Sec-Fetch-Site same-site",
      "http://localhost:3000/api/x",
      { "sec-fetch-site": "same-site" },
      false,
    ],
    [
      "an Origin that is not a URL",
      "http://localhost:3000/api/x",
      { origin: "market.example" },
      false,
    ],
  ])("%s: %s", (_label, url, headers, expected) => {
    expect(isSameOriginRequest(request(url, headers), APP_URL)).toBe(expected);
  });
});

describe("isStateChangingMethod", () => {
  it.each([
    ["POST", true],
    ["PUT", true],
    ["PATCH", true],
    ["DELETE", true],
    ["delete", true],
    ["GET", false],
    ["HEAD", false],
    ["OPTIONS", false],
  ])("%s: %s", (method, expected) => {
    expect(isStateChangingMethod(method)).toBe(expected);
  });
});
