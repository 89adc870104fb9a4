import { addCartItem, listCartItems } from "@/server/cart";
import { addItemSchema, cartJson, cartOwnerFor } from "@/server/cart/http";
import { route } from "@/server/http/route";

// GET /api/cart: the cart of the member (database) or the visitor (cookies)
export const GET = route({ public: true }, async ({ req, member, db }) => {
  const owner = cartOwnerFor(req, member);
  const { items, count, dropped } = await listCartItems(db, { kind: "cart", owner });
  return cartJson(owner, { items, count, dropped });
});

// POST /api/cart: add a product, or set its quantity when it is already there
export const POST = route({ public: true }, async ({ req, member, db }) => {
  const { pKey, qty } = addItemSchema.parse(await req.json());
  const owner = cartOwnerFor(req, member);
  return cartJson(owner, await addCartItem(db, { kind: "cart", owner, pKey, qty }));
});
