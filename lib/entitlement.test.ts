import { describe, expect, it } from "vitest";
import { canMessage, entitlementOf, type SubscriptionFacts } from "./entitlement";
import type { PlanId } from "./money";

const NOW = new Date("2026-11-26T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

type Row = [
  label: string,
  facts: SubscriptionFacts | null,
  state: string,
  plan: PlanId,
  limit: number | null,
  messaging: boolean,
];

const facts = (
  plan: PlanId,
  status: SubscriptionFacts["status"],
  more: Partial<SubscriptionFacts> = {},
): SubscriptionFacts => ({ plan, status, serviceExpiresAt: null, pastDueSince: null, ...more });

// plan × status × time → what the farmer may do.
const TABLE: Row[] = [
  ["no subscription", null, "none", "basic", 2, false],
  ["a basic row", facts("basic", "active"), "none", "basic", 2, false],
  ["engager, first payment pending", facts("engager", "incomplete"), "none", "basic", 2, false],
  ["harvest, first payment pending", facts("harvest", "incomplete"), "none", "basic", 2, false],
  ["engager active", facts("engager", "active"), "active", "engager", 4, true],
  ["harvest active", facts("harvest", "active"), "active", "harvest", null, true],
  [
    "engager cancelled, ends tomorrow",
    facts("engager", "cancelled", { serviceExpiresAt: at(1) }),
    "expiring",
    "engager",
    4,
    true,
  ],
  [
    "harvest cancelled, ends in a second",
    facts("harvest", "cancelled", { serviceExpiresAt: new Date(NOW.getTime() + 1000) }),
    "expiring",
    "harvest",
    null,
    true,
  ],
  [
    "engager cancelled, ended exactly now",
    facts("engager", "cancelled", { serviceExpiresAt: NOW }),
    "expired",
    "basic",
    2,
    false,
  ],
  [
    "harvest cancelled, ended yesterday (no job ran)",
    facts("harvest", "cancelled", { serviceExpiresAt: at(-1) }),
    "expired",
    "basic",
    2,
    false,
  ],
  ["cancelled without a date", facts("engager", "cancelled"), "expired", "basic", 2, false],
  [
    "harvest expired",
    facts("harvest", "expired", { serviceExpiresAt: at(-30) }),
    "expired",
    "basic",
    2,
    false,
  ],
  [
    "engager past due since today",
    facts("engager", "past_due", { pastDueSince: NOW }),
    "past_due",
    "engager",
    4,
    true,
  ],
  [
    "harvest past due for 6 days",
    facts("harvest", "past_due", { pastDueSince: at(-6) }),
    "past_due",
    "harvest",
    null,
    true,
  ],
  [
    "harvest past due for exactly 7 days",
    facts("harvest", "past_due", { pastDueSince: at(-7) }),
    "lapsed",
    "basic",
    2,
    false,
  ],
  [
    "engager past due for 20 days",
    facts("engager", "past_due", { pastDueSince: at(-20) }),
    "lapsed",
    "basic",
    2,
    false,
  ],
  [
    "past due with no start recorded yet",
    facts("engager", "past_due"),
    "past_due",
    "engager",
    4,
    true,
  ],
  [
    "active but its end date passed",
    facts("engager", "active", { serviceExpiresAt: at(-1) }),
    "expired",
    "basic",
    2,
    false,
  ],
];

describe("entitlementOf", () => {
  it.each(TABLE)("%s", (_label, input, state, plan, limit, messaging) => {
    const result = entitlementOf(input, NOW);
    expect(result.state).toBe(state);
    expect(result.plan).toBe(plan);
    expect(result.productLimit).toBe(limit);
    expect(result.messaging).toBe(messaging);
    expect(canMessage(result)).toBe(messaging);
    expect(result.subscribed).toBe(plan !== "basic");
  });

  it("names the paid plan that is expiring, lapsed or expired", () => {
    expect(entitlementOf(facts("harvest", "expired"), NOW).paidPlan).toBe("harvest");
    expect(
      entitlementOf(facts("engager", "past_due", { pastDueSince: at(-9) }), NOW).paidPlan,
    ).toBe("engager");
    expect(entitlementOf(null, NOW).paidPlan).toBeNull();
    expect(entitlementOf(facts("engager", "incomplete"), NOW).paidPlan).toBeNull();
  });

  it("gives the service end date while expiring and after expiry, and the grace end", () => {
    expect(
      entitlementOf(facts("engager", "cancelled", { serviceExpiresAt: at(3) }), NOW)
        .serviceExpiresAt,
    ).toEqual(at(3));
    expect(
      entitlementOf(facts("engager", "cancelled", { serviceExpiresAt: at(-3) }), NOW)
        .serviceExpiresAt,
    ).toEqual(at(-3));
    expect(
      entitlementOf(facts("engager", "past_due", { pastDueSince: at(-2) }), NOW).graceEndsAt,
    ).toEqual(at(5));
  });

  it("moves from expiring to expired as time passes, with nothing written", () => {
    const cancelled = facts("harvest", "cancelled", { serviceExpiresAt: at(2) });
    expect(entitlementOf(cancelled, at(1)).state).toBe("expiring");
    expect(entitlementOf(cancelled, at(3)).state).toBe("expired");
  });
});
