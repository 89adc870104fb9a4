import { moveRoute } from "@/server/cart/routes";

// POST /api/dreamtracker/{pKey}/moveToCart: move a dream tracker item into the cart
export const POST = moveRoute("cart");
