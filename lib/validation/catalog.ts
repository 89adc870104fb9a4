/**
 * The merchant's product form (part 2 section 5 "Add and edit product") and the quantity rule
 * (part 1 section 5 "Quantity"). The form posts multipart, so every flag and number may arrive as
 * a string.
 */
import { z } from "zod";
import {
  IMAGE_MAX_BYTES,
  PRODUCT_DETAIL_MAX,
  PRODUCT_NAME_MAX,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from "@/lib/constants";
import { parsePriceToCents } from "@/lib/money";
import { PRODUCT_TEXT_CHARS } from "./charsets";
import { imageFile } from "./image-schema";
import { MSG } from "./messages";
import {
  checkConditionalField,
  crossCheck,
  decimal2,
  fail,
  flag,
  id,
  integer,
  readFlag,
  requiredText,
} from "./shared";

export { PRODUCT_DETAIL_MAX, PRODUCT_NAME_MAX };
/** Prices from 0.01 to 99,999.99: a listing is a sale, and card payments need an amount. */
export const PRODUCT_PRICE_MAX_CENTS = 9_999_999;

/** Name and detail: curly quotes straightened before the check (every text field does this). */
const productText = (required: string, invalid: string, max: number) =>
  requiredText({ required, invalid, max, pattern: PRODUCT_TEXT_CHARS });

/** Sold by weight: up to 2 decimals, above 0 ("Invalid Value"). */
export const unitWeight = () =>
  decimal2(
    { required: MSG.productWeightRequired, invalid: MSG.invalidValue },
    { min: 1, max: 9_999_999 },
  ).transform(Number);

/** 1 to 3 letters, in small letters: lbs, kg, g, mg, oz, l, ml, and others a farmer needs (doz, pt, bu). */
export const weightSymbol = () =>
  requiredText({
    required: MSG.weightSymbolRequired,
    invalid: MSG.invalidValue,
    pattern: /^[a-z]{1,3}$/,
    normalize: (s) => s.toLowerCase(),
  });

/** Raw weight inputs: checked only when the product is sold by weight. */
const rawWeightInput = z.custom<string | number | null | undefined>(() => true);

const productFields = {
  name: productText(MSG.productNameRequired, MSG.invalidName, PRODUCT_NAME_MAX),
  detail: productText(MSG.productDetailRequired, MSG.invalidDetail, PRODUCT_DETAIL_MAX),
  price: decimal2(
    { required: MSG.productPriceRequired, invalid: MSG.invalidPrice },
    { min: 1, max: PRODUCT_PRICE_MAX_CENTS },
  ),
  weightRequired: flag(false),
  unitWeight: rawWeightInput,
  weightSymbol: rawWeightInput,
  deliveryService: flag(false),
  inStock: flag(true),
  payInPerson: flag(true),
  payByCard: flag(false),
};

/** The field the edit form's "at least one payment option" message is reported on. */
export const PAYMENT_OPTIONS_FIELD = "payInPerson";

const weightRules = crossCheck((value, ctx) => {
  if (readFlag(value.weightRequired) !== true) return;
  checkConditionalField(unitWeight(), value.unitWeight, "unitWeight", ctx);
  checkConditionalField(weightSymbol(), value.weightSymbol, "weightSymbol", ctx);
});

const paymentOptionRule = crossCheck((value, ctx) => {
  const inPerson = readFlag(value.payInPerson ?? true);
  const byCard = readFlag(value.payByCard ?? false);
  if (inPerson === false && byCard === false)
    fail(ctx, MSG.paymentOptionRequired, [PAYMENT_OPTIONS_FIELD]);
});

type ProductFields = z.output<z.ZodObject<typeof productFields>>;

/**
 * Output: price normalised ("4.50") plus `priceCents`; without sale by weight `unitWeight` is 1
 * and `weightSymbol` null. Parsing an output again gives the same output.
 */
function shapeProduct<T extends ProductFields>(value: T) {
  const byWeight = value.weightRequired;
  return {
    ...value,
    priceCents: parsePriceToCents(value.price) ?? 0,
    unitWeight: byWeight ? unitWeight().parse(value.unitWeight) : 1,
    weightSymbol: byWeight ? weightSymbol().parse(value.weightSymbol) : null,
  };
}

/** POST /api/products/add (multipart). The image is required, at most 8192 KB. */
export const productAddSchema = z
  .object({
    ...productFields,
    productImage: imageFile({
      required: MSG.uploadImage,
      invalid: MSG.invalidImageFile,
      tooBig: MSG.imageTooBig,
      maxBytes: IMAGE_MAX_BYTES,
    }),
  })
  .check(weightRules)
  .transform(shapeProduct);

/**
 * POST /api/products/update (multipart): `id` plus the add fields; a new image is optional (8 MB,
 * the same limit), and at least one payment option must stay selected.
 */
export const productUpdateSchema = z
  .object({
    id: id(),
    ...productFields,
    productImage: imageFile({
      invalid: MSG.invalidImageFile,
      tooBig: MSG.imageTooBig,
      maxBytes: IMAGE_MAX_BYTES,
    }),
  })
  .check(weightRules)
  .check(paymentOptionRule)
  .transform(shapeProduct);

/** The form's starting values (part 2 section 9). */
export const PRODUCT_FORM_DEFAULTS = {
  name: "",
  detail: "",
  price: "",
  weightRequired: false,
  unitWeight: "1",
  weightSymbol: "lbs",
  deliveryService: false,
  inStock: true,
  payInPerson: true,
  payByCard: false,
  productImage: null,
} satisfies z.input<typeof productAddSchema>;

/** A cart or dreamtracker quantity: a whole number of at least 1. */
export const quantity = () =>
  integer(MSG.invalidQuantity, { min: QUANTITY_MIN, max: QUANTITY_MAX });

export const quantitySchema = z.object({ qty: quantity() });

/** What the minus and plus buttons may set: never below 1 (nor above the cap). */
export function clampQuantity(qty: number): number {
  if (!Number.isFinite(qty)) return QUANTITY_MIN;
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.trunc(qty)));
}

export type ProductAddInput = z.input<typeof productAddSchema>;
export type ProductAdd = z.output<typeof productAddSchema>;
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.output<typeof productUpdateSchema>;
