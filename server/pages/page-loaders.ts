import "server-only";
import type { ListPage, ProductCard } from "@/lib/catalog/types";
import { getSessionMember } from "@/server/auth/session";
import {
  listStoreProducts,
  type ListStoreProductsInput,
} from "@/server/catalog/list-store-products";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { isAppError } from "@/server/errors";
import { getViewerLocation } from "@/server/location/get-viewer-location";
import { getStripe } from "@/server/stripe";
import {
  confirmSubscriptionChange,
  getSubscriptionDetails,
  type CompletionClaim,
} from "@/server/subscriptions";

/**
 * The small reads the pages' server components make per request, so components/ never opens the
 * database itself (docs/architecture.md): each takes what the page knows and answers what it
 * draws.
 */

/** Where the farmers map opens for this viewer: their My Local point and radius, or null. */
export async function loadViewerMapPoint(): Promise<{
  latitude: number;
  longitude: number;
  radiusKm: number;
} | null> {
  const location = await getViewerLocation(await getDb(), await getSessionMember());
  return location
    ? { latitude: location.latitude, longitude: location.longitude, radiusKm: location.radiusKm }
    : null;
}

/** A store's products read fresh (the owner's own views), not from the shared cache. */
export async function loadStoreProducts(
  input: ListStoreProductsInput,
): Promise<ListPage<ProductCard>> {
  return listStoreProducts(await getDb(), input);
}

/** The signed-in farmer's plan as the subscription pages show it. */
export async function loadOwnPlan(memberId: number) {
  return getSubscriptionDetails(await getDb(), memberId);
}

/**
 * What the subscription completed page may say about the farmer's change: its params checked
 * against the farmer's own subscription; null when they are not borne out (the page's 404).
 */
export async function loadSubscriptionCompletion(memberId: number, claim: CompletionClaim) {
  return confirmSubscriptionChange(await getDb(), getStripe(), { memberId, claim }).catch(
    (error: unknown) => {
      if (isAppError(error) && error.code === "not_found") return null;
      throw error;
    },
  );
}

/** Whether card payments are configured here (the store's badges, the checkout's options). */
export function cardPaymentsConfigured(): boolean {
  return getEnv().cardPaymentsEnabled;
}
