import { productStatusRoute } from "../status-route";

// POST /api/products/{productId}/activate: the owner lists a deleted product again ('The product has been activated.')
export const POST = productStatusRoute("activate");
