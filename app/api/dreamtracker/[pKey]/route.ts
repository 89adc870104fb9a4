import { removeCartItem, updateCartItemQty } from "@/server/cart";
import { cartJson, cartOwnerFor, updateQtySchema } from "@/server/cart/http";
import { route } from "@/server/http/route";

// PATCH /api/dreamtracker/{pKey}: change the quantity of an item (never below 1)
export const PATCH = route<{ pKey: string }>(
  { public: true },
  async ({ req, member, db, params }) => {
    const { qty } = updateQtySchema.parse(await req.json());
    const owner = cartOwnerFor(req, member);
    return cartJson(
      owner,
      await updateCartItemQty(db, { kind: "dreamtracker", owner, pKey: params.pKey, qty }),
    );
  },
);

// DELETE /api/dreamtracker/{pKey}: take an item out
export const DELETE = route<{ pKey: string }>(
  { public: true },
  async ({ req, member, db, params }) => {
    const owner = cartOwnerFor(req, member);
    return cartJson(
      owner,
      await removeCartItem(db, { kind: "dreamtracker", owner, pKey: params.pKey }),
    );
  },
);
