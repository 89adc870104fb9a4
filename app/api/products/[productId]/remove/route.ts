import { productStatusRoute } from "../status-route";

// POST /api/products/{productId}/remove: the owner removes a product for good ('The product has been removed permanently.')
export const POST = productStatusRoute("remove");
