import { ACCOUNT_OPERATIONS } from "./operations/accounts";
import { ADMIN_OPERATIONS } from "./operations/admin";
import { CATALOG_OPERATIONS } from "./operations/catalog";
import { MESSAGING_OPERATIONS } from "./operations/messaging";
import { PAYMENT_OPERATIONS } from "./operations/payments";
import { SHOP_OPERATIONS } from "./operations/shop";
import type { Operation } from "./types";

/**
 * Every operation of `app/api/**\/route.ts`, with the zod schemas its handler parses. The OpenAPI
 * document (document.ts) is built from this list, and catalog.test.ts fails when a route file
 * exports a method that is missing here, so a new call cannot go undocumented.
 *
 * next-auth's catch-all `app/api/auth/[...nextauth]` is listed as the concrete calls it serves
 * (csrf, providers, session, callback/credentials, signout), which is what a client calls.
 */
export const API_OPERATIONS: readonly Operation[] = [
  ...ACCOUNT_OPERATIONS,
  ...CATALOG_OPERATIONS,
  ...SHOP_OPERATIONS,
  ...PAYMENT_OPERATIONS,
  ...MESSAGING_OPERATIONS,
  ...ADMIN_OPERATIONS,
];

/** Where the operation's handler lives: `/api/cart/{pKey}` → `app/api/cart/[pKey]/route.ts`. */
export function routeFileOf(operation: Pick<Operation, "path">): string {
  if (operation.path.startsWith("/api/auth/")) return "app/api/auth/[...nextauth]/route.ts";
  return `app${operation.path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
}
