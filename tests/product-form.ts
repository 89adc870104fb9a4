/**
 * Helpers for the product form tests (services and routes): parsed form input, multipart requests
 * as a browser sends them, and a count of the image files in an uploads folder.
 */
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { products } from "@/server/db/schema";
import { productAddSchema, type ProductAddInput } from "@/lib/validation/catalog";
import type { ProductFields } from "@/server/catalog/product-columns";

/** Valid product form values as a browser posts them (all strings), with `overrides` on top. */
export function productFormValues(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Heirloom Tomatoes",
    detail: "Sweet, juicy and picked this morning.",
    price: "4.50",
    weightRequired: "false",
    unitWeight: "1",
    weightSymbol: "lbs",
    deliveryService: "false",
    inStock: "true",
    payInPerson: "true",
    payByCard: "false",
    ...overrides,
  };
}

/** The fields as `productAddSchema` gives them to the services (the image travels apart). */
export function productInput(overrides: Partial<ProductAddInput> = {}): ProductFields {
  const { productImage: _image, ...fields } = productAddSchema.parse({
    ...productFormValues(),
    productImage: { name: "tomatoes.png", size: 1024, type: "image/png" },
    ...overrides,
  });
  return fields;
}

export type UploadFile = { bytes: Uint8Array; name?: string; type?: string };

/**
 * A multipart POST as a browser sends it: Request encodes the body, and the size is declared in
 * Content-Length. `token` signs in by cookie (from this site's origin).
 */
export async function multipartRequest(
  url: string,
  {
    token,
    fields,
    file,
    origin,
  }: { token: string | null; fields: Record<string, string>; file?: UploadFile; origin: string },
): Promise<Request> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    form.append(
      "productImage",
      new File([new Uint8Array(file.bytes)], file.name ?? "tomatoes.png", {
        type: file.type ?? "image/png",
      }),
    );
  }
  const draft = new Request(url, { method: "POST", body: form });
  const body = new Uint8Array(await draft.arrayBuffer());
  const headers = new Headers({
    origin,
    "content-type": draft.headers.get("content-type")!,
    "content-length": String(body.byteLength),
  });
  if (token) headers.set("cookie", `_token=${token}`);
  return new Request(url, { method: "POST", headers, body });
}

/** How many image files (.webp) an uploads folder holds. */
export function countStoredImages(dir: string): number {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".webp")).length;
}

/** Every product row of a merchant, whatever its status (for tests under app/, which never import the ORM). */
export function productRowsOf(db: Db, merchantId: number) {
  return db.select().from(products).where(eq(products.merchantId, merchantId)).orderBy(products.id);
}

/** A product row by id. */
export async function productRow(db: Db, productId: number) {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row;
}
