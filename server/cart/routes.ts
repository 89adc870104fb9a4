import "server-only";
import type { CartKind } from "@/lib/cart/types";
import { route } from "@/server/http/route";
import { addCartItem, listCartItems, removeCartItem, updateCartItemQty } from "@/server/cart";
import { addItemSchema, cartJson, cartOwnerFor, updateQtySchema } from "./http";

/**
 * The route handlers of the cart and the Dream Tracker, which differ only in which list they
 * change: /api/{kind} (GET, POST) and /api/{kind}/{pKey} (PATCH, DELETE). Members' lists live in
 * the database, visitors' in cookies (http.ts).
 */

/** GET lists the items; POST adds a product, or sets its quantity when it is already there. */
export function listRoutes(kind: CartKind) {
  return {
    GET: route({ public: true }, async ({ req, member, db }) => {
      const owner = cartOwnerFor(req, member);
      const { items, count, dropped } = await listCartItems(db, { kind, owner });
      return cartJson(owner, { items, count, dropped });
    }),
    POST: route({ public: true }, async ({ req, member, db }) => {
      const { pKey, qty } = addItemSchema.parse(await req.json());
      const owner = cartOwnerFor(req, member);
      return cartJson(owner, await addCartItem(db, { kind, owner, pKey, qty }));
    }),
  };
}

/** PATCH changes an item's quantity (never below 1); DELETE takes it out. */
export function itemRoutes(kind: CartKind) {
  return {
    PATCH: route<{ pKey: string }>({ public: true }, async ({ req, member, db, params }) => {
      const { qty } = updateQtySchema.parse(await req.json());
      const owner = cartOwnerFor(req, member);
      return cartJson(owner, await updateCartItemQty(db, { kind, owner, pKey: params.pKey, qty }));
    }),
    DELETE: route<{ pKey: string }>({ public: true }, async ({ req, member, db, params }) => {
      const owner = cartOwnerFor(req, member);
      return cartJson(owner, await removeCartItem(db, { kind, owner, pKey: params.pKey }));
    }),
  };
}
