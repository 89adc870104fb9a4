import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionMember } from "@/server/auth/session";
import { SESSION_CUSTOMER } from "@/tests/session-member";

const session = vi.hoisted(() => ({ member: null as SessionMember | null }));
vi.mock("@/server/auth/session", () => ({ getSessionMember: async () => session.member }));

const { requireAdmin, requireCompleteProfile, requireMember, requireRole } =
  await import("./guards");

const customer = SESSION_CUSTOMER;

/** Where a guard redirected to (Next's redirect() throws an error whose digest carries the URL). */
async function redirectOf(run: () => unknown): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (!digest.startsWith("NEXT_REDIRECT")) throw error;
    return digest.split(";")[2] ?? "";
  }
}

describe("page guards", () => {
  beforeEach(() => {
    session.member = null;
  });

  it("sends a visitor to login with the way back", async () => {
    expect(await redirectOf(() => requireMember("/settings?section=password"))).toBe(
      "/login?redirectTo=%2Fsettings%3Fsection%3Dpassword",
    );
  });

  it("brings a visitor back to a merchant-only page through `redirect`, which merchants honour", async () => {
    expect(await redirectOf(() => requireRole("/customerOrders/manage?page=2", "merchant"))).toBe(
      "/login?redirect=%2FcustomerOrders%2Fmanage%3Fpage%3D2",
    );
    expect(
      await redirectOf(() => requireMember("/stores/anna/products/add", { merchantPage: true })),
    ).toBe("/login?redirect=%2Fstores%2Fanna%2Fproducts%2Fadd");
    expect(await redirectOf(() => requireRole("/myOrders/manage", ["customer", "merchant"]))).toBe(
      "/login?redirectTo=%2FmyOrders%2Fmanage",
    );
  });

  it("lets a signed-in member through", async () => {
    session.member = customer;
    await expect(requireMember("/profile")).resolves.toBe(customer);
  });

  it("sends a member of another type to the dashboard", async () => {
    session.member = customer;
    expect(await redirectOf(() => requireRole("/customerOrders/manage", "merchant"))).toBe("/");
    await expect(requireRole("/myOrders/manage", ["customer", "merchant"])).resolves.toBe(customer);
  });

  it("sends everyone but an admin, a visitor too, from an admin page to the dashboard", async () => {
    for (const memberType of [null, "customer", "merchant"] as const) {
      session.member = memberType ? { ...customer, memberType } : null;
      expect(await redirectOf(() => requireAdmin())).toBe("/");
    }
    const admin = { ...customer, memberType: "admin" as const };
    session.member = admin;
    await expect(requireAdmin()).resolves.toBe(admin);
  });

  it("sends a member with a missing phone or currency to complete the profile", async () => {
    const incomplete = { ...customer, phone: null, hasCompleteProfile: false };
    expect(await redirectOf(() => requireCompleteProfile(incomplete))).toBe(
      "/profile?notice=require_info",
    );
    expect(requireCompleteProfile(customer)).toBe(customer);
  });
});
