import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionMember } from "@/server/auth/session";
import { SESSION_CUSTOMER } from "@/tests/session-member";

const session = vi.hoisted(() => ({ member: null as SessionMember | null }));
vi.mock("@/server/auth/session", () => ({ getSessionMember: async () => session.member }));

const { GET } = await import("./route");

const customer = SESSION_CUSTOMER;

const origin = process.env.APP_URL ?? "http://localhost:3000";
const get = (query: string) => GET(new Request(new URL(`/login/continue${query}`, origin)));

describe("GET /login/continue", () => {
  beforeEach(() => {
    session.member = null;
  });

  it("sends a signed-in customer to `redirectTo`", async () => {
    session.member = customer;
    const response = await get("?redirectTo=cart");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("sends a merchant to the page in `redirect`, else to their store", async () => {
    session.member = { ...customer, username: "maple_ridge_farm", memberType: "merchant" };
    expect((await get("?redirect=%2Fproducts%2F3%2Fedit")).headers.get("location")).toBe(
      "/products/3/edit",
    );
    expect((await get("?redirectTo=%2Fcart")).headers.get("location")).toBe(
      "/stores/maple_ridge_farm",
    );
  });

  it("sends a browser without a session back to login", async () => {
    expect((await get("")).headers.get("location")).toBe("/login");
  });
});
