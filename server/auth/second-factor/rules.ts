import "server-only";
import { nowSeconds } from "@/server/auth/token";

export const STEP_UP_MESSAGE =
  "For this action, confirm it is you: enter the 6-digit code from your authenticator app.";

/** The sensitive admin actions (a member's password, a refund, paying a farm) ask again after this. */
export const STEP_UP_MAX_AGE_SECONDS = 15 * 60;

/** Whether a session of this member must carry a checked second factor. */
export function requiresSecondFactor(member: {
  memberType: string;
  totpEnabledAt: Date | null;
}): boolean {
  return member.memberType === "admin" || member.totpEnabledAt !== null;
}

/** Whether a second factor checked at `checkedAt` (epoch seconds) still covers a sensitive action. */
export function isFreshSecondFactor(
  checkedAt: number | undefined,
  now: number = nowSeconds(),
): boolean {
  return checkedAt !== undefined && now - checkedAt < STEP_UP_MAX_AGE_SECONDS;
}
