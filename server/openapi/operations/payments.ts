import { z } from "zod";
import { changePlanSchema, startSubscriptionSchema } from "@/lib/validation/subscriptions";
import type { Operation } from "../types";
import { json, MEMBER, MERCHANT, PUBLIC, redirect } from "./shared";

/**
 * A Stripe event: the handler verifies the signature over the raw bytes and lets Stripe's library
 * parse it, so no schema of ours applies; anything unsigned is a 400.
 */
const stripeEvent = json(z.record(z.string(), z.unknown()));
const stripeSignature = { "stripe-signature": z.string() };

/** Stripe: webhooks, farmer payouts and farmer plans. */
export const PAYMENT_OPERATIONS: readonly Operation[] = [
  {
    method: "POST",
    path: "/api/stripe/webhook",
    summary: "Stripe's events, verified on the raw body and processed once each",
    access: PUBLIC,
    body: stripeEvent,
    headers: stripeSignature,
  },
  {
    method: "POST",
    path: "/api/stripe/connect-webhook",
    summary: "Events of farmers' Connect accounts, verified with the Connect endpoint's secret",
    access: PUBLIC,
    body: stripeEvent,
    headers: stripeSignature,
  },
  {
    method: "POST",
    path: "/api/payouts/onboarding",
    summary: "The farmer's Stripe onboarding link (the account is made once)",
    access: MERCHANT,
  },
  {
    method: "GET",
    path: "/api/payouts/onboarding/refresh",
    summary: "Stripe's refresh_url: a fresh onboarding link, to which the owner is sent",
    access: MERCHANT,
    responses: redirect("To Stripe's onboarding"),
  },
  {
    method: "POST",
    path: "/api/payouts/dashboard",
    summary: "A login link to the farmer's Stripe Express dashboard",
    access: MERCHANT,
  },
  {
    method: "GET",
    path: "/api/subscriptions",
    summary: "The signed-in farmer's plan (null otherwise) and the country whose prices to show",
    access: PUBLIC,
  },
  {
    method: "POST",
    path: "/api/subscriptions",
    summary: "Start (or answer the started) subscription to a plan",
    access: MEMBER,
    body: json(startSubscriptionSchema),
  },
  {
    method: "POST",
    path: "/api/subscriptions/plan",
    summary: "Change plan, prorated and paid at once with the card on file",
    access: MEMBER,
    body: json(changePlanSchema),
  },
  {
    method: "POST",
    path: "/api/subscriptions/cancel",
    summary: "The plan ends at the end of the paid period",
    access: MEMBER,
  },
  {
    method: "POST",
    path: "/api/subscriptions/resume",
    summary: "Resubscribe before the end date (the cancellation is withdrawn)",
    access: MEMBER,
  },
  {
    method: "POST",
    path: "/api/subscriptions/card",
    summary: "A SetupIntent's client secret for a new card on the farmer's plan",
    access: MEMBER,
  },
];
