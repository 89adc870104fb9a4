import { productUpdateSchema } from "@/lib/validation/catalog";
import { PRODUCT_IMAGE_FIELD } from "@/server/catalog/product-columns";
import { PRODUCT_MESSAGES } from "@/server/catalog/product-messages";
import { revalidateProduct } from "@/server/catalog/revalidate-product";
import { updateProduct } from "@/server/catalog/update-product";
import { getEnv } from "@/server/env";
import { route } from "@/server/http/route";
import { ok, upload } from "@/server/openapi/declare";
import { fileBytes, readProductForm } from "../read-product-form";
import { productSavedAnswer } from "@/server/openapi/answers";

// POST /api/products/update: the owner saves the edit form (multipart; a new image is optional)
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "The owner saves the edit form (a new image is optional)",
      responses: ok(productSavedAnswer),
      body: upload(productUpdateSchema, [PRODUCT_IMAGE_FIELD]),
    },
  },
  async ({ req, member, db }) => {
    const { id, productImage, ...input } = productUpdateSchema.parse(await readProductForm(req));
    const product = await updateProduct(db, {
      merchantId: member.id,
      productId: id,
      input,
      image: productImage ? await fileBytes(productImage) : null,
      cardPaymentsEnabled: getEnv().cardPaymentsEnabled,
    });
    revalidateProduct({ productId: product.id, username: product.username });
    return Response.json({ message: PRODUCT_MESSAGES.updated, product: { id: product.id } });
  },
);
