/** The `{type}` of subscriptionPaymentCompleted (spec part 1, section 2). */
export const COMPLETED_TYPES = ["create", "update", "cancel", "resubscribe"] as const;
export type CompletedType = (typeof COMPLETED_TYPES)[number];

export const isCompletedType = (value: string): value is CompletedType =>
  (COMPLETED_TYPES as readonly string[]).includes(value);

/**
 * /subscription/payment/{type}/{expiresAt?}/completed[?paymentIntentId=]: `expiresAt` goes in as
 * Unix seconds (when a cancelled plan ends, or when a new plan renews). The page checks both
 * against the farmer's own subscription before it shows them.
 */
export function subscriptionCompletedPath(
  type: CompletedType,
  {
    expiresAt = null,
    paymentIntentId = null,
  }: { expiresAt?: Date | number | null; paymentIntentId?: string | null } = {},
): string {
  const seconds =
    expiresAt === null
      ? null
      : typeof expiresAt === "number"
        ? expiresAt
        : Math.floor(expiresAt.getTime() / 1000);
  const path = `/subscription/payment/${type}${seconds === null ? "" : `/${seconds}`}/completed`;
  return paymentIntentId ? `${path}?paymentIntentId=${encodeURIComponent(paymentIntentId)}` : path;
}
