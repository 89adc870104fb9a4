import type { SessionMember } from "@/server/auth/session";

/** A signed-in customer as getSessionMember() answers, for tests that stub the session. */
export const SESSION_CUSTOMER: SessionMember = {
  id: 7,
  userKey: "7d0c5f7e-3c1b-4a8e-9a51-2f6f3d1c9b10",
  username: "jordan",
  memberType: "customer",
  firstName: "Jordan",
  currency: "CAD",
  phone: "(416) 555-0100",
  hasCompleteProfile: true,
};
