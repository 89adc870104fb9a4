import { describe, expect, it } from "vitest";
import {
  isCrossSiteBrowserRequest,
  isSameOriginRequest,
  isStateChangingMethod,
} from "@/server/http/same-origin";

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
      "Origin equal to the host the browser sent it to",
      "http://localhost:3000/api/x",
      { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" },
      true,
    ],
    // next start writes req.url on localhost whatever the Host was: that is not where the
    // browser sent the request, and a page on localhost is another site.
    [
      "Origin equal to req.url's host but not to the Host header",
      "http://localhost:3000/api/x",
      { host: "127.0.0.1:3000", origin: "http://localhost:3000" },
      false,
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

describe("isCrossSiteBrowserRequest", () => {
  const request = (headers: Record<string, string>) =>
    new Request("http://localhost:3000/api/x", { method: "POST", headers });

  it.each([
    ["this site's Origin (APP_URL)", { host: "10.0.0.5:3000", origin: APP_URL }, false],
    ["the Host it was sent to", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }, false],
    ["no Origin (an API client)", { host: "127.0.0.1:3000" }, false],
    [
      "req.url's localhost, sent to another host",
      { host: "127.0.0.1:3000", origin: "http://localhost:3000" },
      true,
    ],
    ["a foreign Origin", { host: "127.0.0.1:3000", origin: "https://evil.example" }, true],
    ["Origin null", { host: "127.0.0.1:3000", origin: "null" }, true],
  ])("%s", (_label, headers, expected) => {
    expect(isCrossSiteBrowserRequest(request(headers), APP_URL)).toBe(expected);
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
