import { joinFieldErrors, type FieldErrors } from "@/lib/validation/field-errors";
import { MSG } from "@/lib/validation/messages";

export type SubmitResult =
  | { ok: true; message: string; productId: number }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> };

const NETWORK_ERROR = "Something went wrong. Please check your connection and try again.";

/**
 * Posts the product form as multipart to `/api/products/add` or `/api/products/update`. A field's
 * server messages come back joined by commas (spec part 2 section 8).
 */
export async function submitProduct(url: string, body: FormData): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", credentials: "same-origin", body });
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR, fieldErrors: {} };
  }
  const data = (await response.json().catch(() => null)) as {
    message?: string;
    errors?: FieldErrors;
    product?: { id: number };
  } | null;
  if (response.ok && data?.product)
    return { ok: true, message: data.message ?? "", productId: data.product.id };
  return {
    ok: false,
    status: response.status,
    // A proxy in front of the app may refuse a big upload before it reaches us.
    message: data?.message ?? (response.status === 413 ? MSG.imageTooBig : NETWORK_ERROR),
    fieldErrors: joinFieldErrors(data?.errors ?? {}, "comma"),
  };
}
