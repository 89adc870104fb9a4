import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "@/server/log";
import { geocode } from "./index";

/** A stand-in for api.mapbox.com: records each request and answers what the test queued. */
let server: Server;
let baseUrl: string;
let requests: URL[] = [];
let answer: (req: IncomingMessage) => { status: number; body: unknown; delayMs?: number };

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(new URL(req.url ?? "/", "http://fake"));
    const { status, body, delayMs = 0 } = answer(req);
    setTimeout(() => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
});

const withMapbox = {
  mapboxToken: "pk.test-token",
  get baseUrl() {
    return baseUrl;
  },
};

function feature(
  featureType: string,
  [lon, lat]: [number, number],
  context: Record<string, unknown>,
  name = "",
) {
  return {
    type: "Feature",
    id: "dXJuOm1ieGFkcjo",
    geometry: { type: "Point", coordinates: [lon, lat] },
    properties: {
      mapbox_id: "dXJuOm1ieGFkcjo",
      feature_type: featureType,
      name,
      coordinates: { longitude: lon, latitude: lat },
      context,
    },
  };
}

const guelphAddress = feature(
  "address",
  [-80.2482, 43.5448],
  {
    address: { name: "59 Carden Street" },
    postcode: { name: "N1H 3A1" },
    place: { name: "Guelph" },
    region: { name: "Ontario", region_code: "ON", region_code_full: "CA-ON" },
    country: { name: "Canada", country_code: "ca", country_code_alpha_3: "CAN" },
  },
  "59 Carden Street",
);

describe("geocode with a Mapbox token", () => {
  it("asks the v6 forward endpoint and returns the address point", async () => {
    answer = () => ({
      status: 200,
      body: { type: "FeatureCollection", features: [guelphAddress], attribution: "© Mapbox" },
    });
    const result = await geocode(
      { address: "59 Carden St", city: "Guelph", provinceState: "ON", postalCode: "N1H 3A1" },
      withMapbox,
    );

    expect(result).toEqual({
      latitude: 43.5448,
      longitude: -80.2482,
      city: "Guelph",
      provinceState: "ON",
      country: "CA",
      precision: "address",
      approximate: false,
    });
    expect(requests).toHaveLength(1);
    const url = requests[0]!;
    expect(url.pathname).toBe("/search/geocode/v6/forward");
    expect(url.searchParams.get("q")).toBe("59 Carden St, Guelph, ON, N1H 3A1");
    expect(url.searchParams.get("country")).toBe("ca");
    expect(url.searchParams.get("limit")).toBe("1");
    expect(url.searchParams.get("access_token")).toBe("pk.test-token");
    expect(url.searchParams.get("permanent")).toBe("true");
  });

  it("searches both countries when the input does not say which", async () => {
    answer = () => ({
      status: 200,
      body: {
        features: [
          feature(
            "place",
            [-72.558, 42.8509],
            {
              region: { name: "Vermont", region_code: "VT" },
              country: { country_code: "us" },
            },
            "Brattleboro",
          ),
        ],
      },
    });
    const result = await geocode({ city: "Brattleboro" }, withMapbox);
    expect(result).toMatchObject({
      city: "Brattleboro",
      provinceState: "VT",
      country: "US",
      precision: "city",
    });
    expect(requests[0]!.searchParams.get("country")).toBe("ca,us");
  });

  it.each([
    ["an HTTP error", () => ({ status: 401, body: { message: "Not Authorized - Invalid Token" } })],
    ["a server error", () => ({ status: 503, body: "upstream down" })],
    ["a body that is not JSON", () => ({ status: 200, body: "<html>oops</html>" })],
    ["an unexpected shape", () => ({ status: 200, body: { features: [{ geometry: null }] } })],
    ["no result", () => ({ status: 200, body: { features: [] } })],
    [
      "a result outside Canada and the US",
      () => ({
        status: 200,
        body: {
          features: [feature("place", [2.35, 48.85], { country: { country_code: "fr" } }, "Paris")],
        },
      }),
    ],
    [
      "a result as coarse as a province",
      () => ({
        status: 200,
        body: {
          features: [feature("region", [-85, 50], { country: { country_code: "ca" } }, "Ontario")],
        },
      }),
    ],
    ["a slow answer", () => ({ status: 200, body: { features: [guelphAddress] }, delayMs: 500 })],
  ])("falls back to the offline tables on %s", async (_, respond) => {
    answer = respond;
    const warn = vi.spyOn(log, "warn");
    const result = await geocode({ postalCode: "M5V 3L9" }, { ...withMapbox, timeoutMs: 200 });
    expect(result).toMatchObject({ city: "Toronto", precision: "fsa" });
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain("pk.test-token");
    warn.mockRestore();
  });

  it("falls back when the network fails, through an injected fetch", async () => {
    const warn = vi.spyOn(log, "warn");
    const failing = vi.fn<typeof fetch>().mockRejectedValue(new TypeError("fetch failed"));
    const result = await geocode(
      { city: "Guelph", provinceState: "ON" },
      { mapboxToken: "pk.x", fetch: failing },
    );
    expect(result).toMatchObject({ city: "Guelph", precision: "city" });
    expect(failing).toHaveBeenCalledOnce();
    expect(String(failing.mock.calls[0]![0])).toMatch(
      /^https:\/\/api\.mapbox\.com\/search\/geocode\/v6\/forward\?/,
    );
    expect(warn).toHaveBeenCalledWith({ reason: "TypeError: fetch failed" }, expect.any(String));
    warn.mockRestore();
  });

  it("does not call Mapbox for a country it cannot serve, or for empty input", async () => {
    await expect(geocode({ city: "Paris", country: "FR" }, withMapbox)).resolves.toBeNull();
    await expect(geocode({ city: " " }, withMapbox)).resolves.toBeNull();
    expect(requests).toHaveLength(0);
  });

  it("stays offline when no token is configured", async () => {
    const spy = vi.fn<typeof fetch>();
    await expect(
      geocode({ postalCode: "10001" }, { mapboxToken: null, fetch: spy }),
    ).resolves.toMatchObject({ city: "New York" });
    expect(spy).not.toHaveBeenCalled();
  });
});
