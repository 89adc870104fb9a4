import "server-only";
import type Stripe from "stripe";
import type { Db } from "@/server/db/client";
import type { RefundDone } from "@/server/payments/refunds";
import type { StripeClient } from "./stripe-client";

/** What handling an event changed that the caller acts on after the commit. */
export type EventEffect = {
  /** An order this event placed (its mails are scheduled by the write itself). */
  placedOrderId: number | null;
  /** A farm's payout account became ready: what it is owed is paid. */
  readyMerchantId?: number | null;
  /** A farmer's plan payment failed or needs them: they get a mail with a link to update the card. */
  planPaymentProblem?: { memberId: number; actionRequired: boolean } | null;
  /** Refunds this event saw finished: their mails go out (decision 0037). */
  refunds?: { done: RefundDone[]; ownCents: Record<number, number> } | null;
};

/**
 * One Stripe event type's handling. `read` asks Stripe for what the handler needs, before the
 * transaction (no lock is held across the network); `apply` makes the change inside the
 * transaction that also stores the event id, so it happens once. Each handler reaches the right
 * final state whatever arrived before it.
 */
export type EventHandler<T = unknown> = {
  read?: (stripe: StripeClient, event: Stripe.Event) => Promise<T>;
  apply: (tx: Db, event: Stripe.Event, read: T) => Promise<EventEffect>;
};

export const NO_EFFECT: EventEffect = { placedOrderId: null };

/** Erases a handler's read type for the dispatch table (each handler's read goes to its apply). */
export function defineHandler<T>(handler: EventHandler<T>): EventHandler {
  return handler as unknown as EventHandler;
}
