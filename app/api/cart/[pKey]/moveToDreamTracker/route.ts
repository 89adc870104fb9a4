import { moveToDreamTracker } from "@/server/cart";
import { cartJson, cartOwnerFor } from "@/server/cart/http";
import { route } from "@/server/http/route";

// POST /api/cart/{pKey}/moveToDreamTracker: move a cart item into the dream tracker, to buy later
export const POST = route<{ pKey: string }>(
  { public: true },
  async ({ req, member, db, params }) => {
    const owner = cartOwnerFor(req, member);
    const { message, item, counts } = await moveToDreamTracker(db, { owner, pKey: params.pKey });
    return cartJson(owner, {
      message,
      item,
      count: counts.cart,
      dreamtrackerCount: counts.dreamtracker,
    });
  },
);
