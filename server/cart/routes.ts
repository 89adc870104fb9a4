import "server-only";
import type { CartKind } from "@/lib/cart/types";
import { route } from "@/server/http/route";
import { countSavedAfterResponse } from "@/server/demand/count-demand";
import { json, ok, segment } from "@/server/openapi/declare";
import {
  cartChangeAnswer,
  cartListAnswer,
  cartMovedAnswer,
  cartRemovedAnswer,
} from "@/server/openapi/answers";
import {
  addCartItem,
  listCartItems,
  moveToCart,
  moveToDreamTracker,
  removeCartItem,
  updateCartItemQty,
} from "@/server/cart";
import { addItemSchema, cartJson, cartOwnerFor, updateQtySchema } from "./http";

/**
 * The route handlers of the cart and the Dream Tracker, which differ only in which list they
 * change: /api/{kind} (GET, POST), /api/{kind}/{pKey} (PATCH, DELETE) and the move of an item to
 * the other list (POST /api/dreamtracker/{pKey}/moveToCart, /api/cart/{pKey}/moveToDreamTracker). Members' lists live in
 * the database, visitors' in cookies (http.ts).
 */

/** The list's name in the calls' summaries. */
const LABELS: Record<CartKind, string> = { cart: "cart", dreamtracker: "dream tracker" };
const pathParams = { pKey: segment() };

/** GET lists the items; POST adds a product, or sets its quantity when it is already there. */
export function listRoutes(kind: CartKind) {
  const label = LABELS[kind];
  return {
    GET: route(
      {
        public: true,
        doc: {
          summary: `The items of the ${label} of the member (database) or the visitor (cookies)`,
          responses: ok(cartListAnswer),
        },
      },
      async ({ req, member, db }) => {
        const owner = cartOwnerFor(req, member);
        const { items, count, dropped } = await listCartItems(db, { kind, owner });
        return cartJson(owner, { items, count, dropped });
      },
    ),
    POST: route(
      {
        public: true,
        doc: {
          summary: `Add a product to the ${label}, or set its quantity when it is already there`,
          body: json(addItemSchema),
          responses: ok(cartChangeAnswer),
        },
      },
      async ({ req, member, db }) => {
        const { pKey, qty } = addItemSchema.parse(await req.json());
        const owner = cartOwnerFor(req, member);
        const change = await addCartItem(db, { kind, owner, pKey, qty });
        if (kind === "dreamtracker")
          await countSavedAfterResponse(db, { productName: change.item.name, member, req });
        return cartJson(owner, change);
      },
    ),
  };
}

/** PATCH changes an item's quantity (never below 1); DELETE takes it out. */
export function itemRoutes(kind: CartKind) {
  const label = LABELS[kind];
  return {
    PATCH: route<{ pKey: string }>(
      {
        public: true,
        doc: {
          summary: `Change the quantity of an item of the ${label} (never below 1)`,
          pathParams,
          body: json(updateQtySchema),
          responses: ok(cartChangeAnswer),
        },
      },
      async ({ req, member, db, params }) => {
        const { qty } = updateQtySchema.parse(await req.json());
        const owner = cartOwnerFor(req, member);
        return cartJson(
          owner,
          await updateCartItemQty(db, { kind, owner, pKey: params.pKey, qty }),
        );
      },
    ),
    DELETE: route<{ pKey: string }>(
      {
        public: true,
        doc: {
          summary: `Take an item out of the ${label}`,
          pathParams,
          responses: ok(cartRemovedAnswer),
        },
      },
      async ({ req, member, db, params }) => {
        const owner = cartOwnerFor(req, member);
        return cartJson(owner, await removeCartItem(db, { kind, owner, pKey: params.pKey }));
      },
    ),
  };
}

/**
 * POST moves an item of the other list into `to`. Both directions answer the same shape: `count`
 * is the cart's count, `dreamtrackerCount` the dream tracker's.
 */
export function moveRoute(to: CartKind) {
  const move = to === "cart" ? moveToCart : moveToDreamTracker;
  const doc = {
    summary: `Move an item of the other list into the ${LABELS[to]}`,
    pathParams,
    responses: ok(cartMovedAnswer),
  };
  return route<{ pKey: string }>({ public: true, doc }, async ({ req, member, db, params }) => {
    const owner = cartOwnerFor(req, member);
    const { message, item, counts } = await move(db, { owner, pKey: params.pKey });
    if (to === "dreamtracker")
      await countSavedAfterResponse(db, { productName: item.name, member, req });
    return cartJson(owner, {
      message,
      item,
      count: counts.cart,
      dreamtrackerCount: counts.dreamtracker,
    });
  });
}
