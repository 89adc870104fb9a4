import { moveToCart } from "@/server/cart";
import { cartJson, cartOwnerFor } from "@/server/cart/http";
import { route } from "@/server/http/route";

// POST /api/dreamtracker/{pKey}/moveToCart: move a dream tracker item into the cart
export const POST = route<{ pKey: string }>(
  { public: true },
  async ({ req, member, db, params }) => {
    const owner = cartOwnerFor(req, member);
    const { message, item, counts } = await moveToCart(db, { owner, pKey: params.pKey });
    return cartJson(owner, {
      message,
      item,
      count: counts.cart,
      dreamtrackerCount: counts.dreamtracker,
    });
  },
);
