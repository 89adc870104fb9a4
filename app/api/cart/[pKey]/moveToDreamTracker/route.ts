import { moveRoute } from "@/server/cart/routes";

// POST /api/cart/{pKey}/moveToDreamTracker: move a cart item into the dream tracker, to buy later
export const POST = moveRoute("dreamtracker");
