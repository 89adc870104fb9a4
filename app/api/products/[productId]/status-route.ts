import "server-only";
import { revalidateProduct } from "@/server/catalog/revalidate-product";
import { setProductStatus, type ProductAction } from "@/server/catalog/set-product-status";
import { route } from "@/server/http/route";
import { messageAnswer } from "@/server/openapi/answers";
import { ok, segment } from "@/server/openapi/declare";
import { parseProductId } from "../product-id";

const SUMMARIES: Record<ProductAction, string> = {
  delete: "The owner soft-deletes an active product",
  activate: "The owner lists a deleted product again",
  remove: "The owner removes a product for good",
};

/** The store page's Delete, Activate and Permanently Remove calls differ only in the action. */
export function productStatusRoute(action: ProductAction) {
  const doc = {
    summary: SUMMARIES[action],
    pathParams: { productId: segment() },
    responses: ok(messageAnswer),
  };
  return route<{ productId: string }>({ role: "merchant", doc }, async ({ member, db, params }) => {
    const productId = parseProductId(params.productId);
    const { message } = await setProductStatus(db, { merchantId: member.id, productId, action });
    revalidateProduct({ productId, username: member.username });
    return Response.json({ message });
  });
}
