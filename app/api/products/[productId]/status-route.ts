import "server-only";
import { revalidateProduct } from "@/server/catalog/revalidate-product";
import { setProductStatus, type ProductAction } from "@/server/catalog/set-product-status";
import { route } from "@/server/http/route";
import { parseProductId } from "../product-id";

/** The store page's Delete, Activate and Permanently Remove calls differ only in the action. */
export function productStatusRoute(action: ProductAction) {
  return route<{ productId: string }>({ role: "merchant" }, async ({ member, db, params }) => {
    const productId = parseProductId(params.productId);
    const { message } = await setProductStatus(db, { merchantId: member.id, productId, action });
    revalidateProduct({ productId, username: member.username });
    return Response.json({ message });
  });
}
