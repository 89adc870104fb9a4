import { itemRoutes } from "@/server/cart/routes";

const routes = itemRoutes("dreamtracker");

// PATCH /api/dreamtracker/{pKey}: change the quantity of an item (never below 1)
export const PATCH = routes.PATCH;

// DELETE /api/dreamtracker/{pKey}: take an item out
export const DELETE = routes.DELETE;
