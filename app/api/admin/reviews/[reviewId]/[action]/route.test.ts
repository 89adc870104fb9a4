import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The handler runs outside Next here: cache expiry is a no-op.
vi.mock("next/cache", () => ({ revalidateTag: () => {}, cacheLife: () => {}, cacheTag: () => {} }));

import { encodeSessionToken, nowSeconds } from "@/server/auth/token";
import type { Db } from "@/server/db/client";
import {
  createAdmin,
  createCustomer,
  createMerchant,
  createProduct,
  createReview,
  type Member,
} from "@/server/db/seed/factories";
import { closeTestDb, createRouteTestDb } from "@/tests/db";
import { POST } from "./route";

let db: Db;
let admin: Member;
let customer: Member;
let farm: Member;
let reviewId: number;

beforeAll(async () => {
  db = await createRouteTestDb();
  [admin, customer, farm] = await Promise.all([
    createAdmin(db),
    createCustomer(db),
    createMerchant(db),
  ]);
  const product = await createProduct(db, { merchantId: farm.id });
  reviewId = (await createReview(db, { productId: product.id, memberId: customer.id })).id;
});
afterAll(() => closeTestDb(db));

/** POST /api/admin/reviews/{reviewId}/{action} as `member` (a session cookie), or as a visitor. */
async function moderate(member: Member | null, action: string) {
  const cookie = member
    ? `_token=${await encodeSessionToken({
        memberId: member.id,
        sessionVersion: member.sessionVersion,
        signedInAt: nowSeconds(),
        secondFactorAt: nowSeconds(),
      })}`
    : "";
  const response = await POST(
    new Request(`http://localhost:3000/api/admin/reviews/${reviewId}/${action}`, {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/json", cookie },
      body: JSON.stringify({ target: "review", reason: "Abuse" }),
    }),
    { params: Promise.resolve({ reviewId: String(reviewId), action }) },
  );
  return response.status;
}

const hiddenAt = async () =>
  (await db.query.reviews.findFirst({ where: (r, { eq }) => eq(r.id, reviewId) }))!.hiddenAt;
const audit = () => db.query.adminActions.findMany();

describe("POST /api/admin/reviews/{reviewId}/{action}", () => {
  it.each([
    ["a visitor", (): Member | null => null, 401],
    ["a customer", (): Member | null => customer, 403],
    ["the product's farm", (): Member | null => farm, 403],
  ] as const)("refuses %s and changes nothing", async (_, who, status) => {
    for (const action of ["hide", "restore", "dismiss"])
      expect(await moderate(who(), action)).toBe(status);
    expect(await hiddenAt()).toBeNull();
    expect(await audit()).toEqual([]);
  });

  it("lets an admin hide the review, audited", async () => {
    expect(await moderate(admin, "hide")).toBe(200);
    expect(await hiddenAt()).not.toBeNull();
    expect(await audit()).toMatchObject([
      { adminId: admin.id, action: "review_hide", target: `review:${reviewId}` },
    ]);
  });
});
