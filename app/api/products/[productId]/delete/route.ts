import { productStatusRoute } from "../status-route";

// POST /api/products/{productId}/delete: the owner soft-deletes an active product ('The product has been deleted.')
export const POST = productStatusRoute("delete");
