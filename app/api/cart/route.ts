import { listRoutes } from "@/server/cart/routes";

const routes = listRoutes("cart");

// GET /api/cart: the items of the member (database) or the visitor (cookies)
export const GET = routes.GET;

// POST /api/cart: add a product, or set its quantity when it is already there
export const POST = routes.POST;
