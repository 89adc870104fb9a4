import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "openapi-route-secret-openapi-route-secret-01";
  process.env.APP_URL = "http://localhost:3000";
});
// The document needs no database; route() asks for one all the same.
vi.mock(import("@/server/db/client"), async (importOriginal) => ({
  ...(await importOriginal()),
  getDb: async () => ({}) as Db,
}));

import type { Db } from "@/server/db/client";
import { GET } from "./route";

const noParams = { params: Promise.resolve({}) };

describe("GET /api/openapi.json", () => {
  it("answers the document as cacheable JSON to a visitor", async () => {
    const res = await GET(new Request("http://localhost:3000/api/openapi.json"), noParams);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const body = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/api/cart", "/api/cart/{pKey}", "/api/users/login"]),
    );
  });

  it("answers a signed-in member the same document", async () => {
    const visitor = await GET(new Request("http://localhost:3000/api/openapi.json"), noParams);
    const withToken = await GET(
      new Request("http://localhost:3000/api/openapi.json", {
        headers: { authorization: "Bearer not-a-valid-token" },
      }),
      noParams,
    );
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toBe(await visitor.text());
  });
});
