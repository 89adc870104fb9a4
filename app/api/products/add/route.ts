import { productAddSchema } from "@/lib/validation/catalog";
import { addProduct } from "@/server/catalog/add-product";
import { PRODUCT_IMAGE_FIELD } from "@/server/catalog/product-columns";
import { PRODUCT_MESSAGES } from "@/server/catalog/product-messages";
import { revalidateProduct } from "@/server/catalog/revalidate-product";
import { getEnv } from "@/server/env";
import { route } from "@/server/http/route";
import { created, upload } from "@/server/openapi/declare";
import { fileBytes, readProductForm } from "../read-product-form";
import { productSavedAnswer } from "@/server/openapi/answers";

// POST /api/products/add: a merchant lists a new product (multipart; image required, 8 MB)
export const POST = route(
  {
    // Checked before the 8 MB body is read; the service checks the whole gate again.
    role: "merchant",
    roleMessage: PRODUCT_MESSAGES.notPermittedToCreate,
    doc: {
      summary: "A merchant lists a new product (image required, 8 MB)",
      body: upload(productAddSchema, [PRODUCT_IMAGE_FIELD]),
      responses: created("The product was listed", productSavedAnswer),
    },
  },
  async ({ req, member, db }) => {
    const { productImage, ...input } = productAddSchema.parse(await readProductForm(req));
    const product = await addProduct(db, {
      merchantId: member.id,
      input,
      image: await fileBytes(productImage!),
      cardPaymentsEnabled: getEnv().cardPaymentsEnabled,
    });
    revalidateProduct({ productId: product.id, username: product.username });
    return Response.json(
      { message: PRODUCT_MESSAGES.added, product: { id: product.id } },
      { status: 201 },
    );
  },
);
