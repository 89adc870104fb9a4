import { itemRoutes } from "@/server/cart/routes";

const routes = itemRoutes("cart");

// PATCH /api/cart/{pKey}: change the quantity of an item (never below 1)
export const PATCH = routes.PATCH;

// DELETE /api/cart/{pKey}: take an item out
export const DELETE = routes.DELETE;
