import "server-only";
import { IMAGE_MAX_BYTES } from "@/lib/constants";
import { MSG } from "@/lib/validation/messages";
import { PRODUCT_IMAGE_FIELD } from "@/server/catalog/product-columns";
import { badRequest, validationError } from "@/server/errors";
import { MULTIPART_MEDIA_TYPE, requireContentType } from "@/server/http/content-type";
import { readBodyWithLimit } from "@/server/http/read-body-with-limit";

/**
 * Room for the other fields (detail is at most 2000 characters), the multipart boundaries and part
 * headers around an 8 MB image. /api is outside proxy.ts's matcher, so Next's 10 MB proxy body
 * buffer never truncates these uploads; this limit is the only one.
 */
export const PRODUCT_FORM_MAX_BYTES = IMAGE_MAX_BYTES + 64 * 1024;

/** The multipart fields of the add and update calls (spec part 2 section 7). */
const FIELDS = [
  "id",
  "name",
  "detail",
  "price",
  "unitWeight",
  "weightSymbol",
  "weightRequired",
  "deliveryService",
  "inStock",
  "payInPerson",
  "payByCard",
  // Stock (decision 0042): optional, so the spec's form leaves a product's stock as it is.
  "limitedStock",
  "availableQty",
  "lowStockAt",
  "stockSeen",
  PRODUCT_IMAGE_FIELD,
] as const;

/**
 * The product form of a multipart request, field by field (a missing field is null), for
 * `productAddSchema` / `productUpdateSchema`. A body over the limit is refused with 'Image size is
 * too big.' on the image before it is read (by its Content-Length) or as soon as it passes the limit.
 *
 * @throws UnsupportedMediaTypeError (415) when not multipart; AppError validation (too big),
 * bad_request (unreadable)
 */
export async function readProductForm(
  req: Request,
): Promise<Record<(typeof FIELDS)[number], FormDataEntryValue | null>> {
  requireContentType(req, [MULTIPART_MEDIA_TYPE]);
  const body = await readBodyWithLimit(req, PRODUCT_FORM_MAX_BYTES);
  if (!body) throw validationError({ [PRODUCT_IMAGE_FIELD]: [MSG.imageTooBig] });
  const contentType = req.headers.get("content-type")!;
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest("The product form could not be read.");
  }
  return Object.fromEntries(FIELDS.map((field) => [field, form.get(field)])) as Record<
    (typeof FIELDS)[number],
    FormDataEntryValue | null
  >;
}

/** The bytes of an uploaded file. */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
