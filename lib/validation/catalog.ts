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
import { DEFAULT_LOW_STOCK_AT, STOCK_MAX } from "@/lib/catalog/stock";
import { centsToDecimalString, parsePriceToCents } from "@/lib/money";
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
    documented: /^[A-Za-z]{1,3}$/,
  });

/**
 * Raw weight inputs: checked only when the product is sold by weight. The document states the
 * rule they must then meet (`unitWeight()`, `weightSymbol()`).
 */
const rawInput = z.custom<string | number | null | undefined>(() => true);
const rawWeightInput = (documented: z.ZodType) => {
  const { $schema: _dialect, ...rule } = z.toJSONSchema(documented, {
    io: "input",
    unrepresentable: "any",
  });
  return rawInput.meta(rule);
};

/**
 * The stock fields' messages (ours: the spec's form has no quantity). A quantity is in the
 * product's own unit: each (whole numbers), or its weight unit (up to 2 decimals).
 */
export const STOCK_MESSAGES = {
  required: "Enter the quantity you have for sale.",
  invalid: "Enter a quantity from 0 to 1,000,000.",
  invalidByWeight: "Enter a quantity from 0 to 1,000,000, with at most 2 decimals.",
  wholeEach: "Enter a whole number: this product is sold each.",
  lowStockAt: "Enter a whole number from 0 to 1,000,000.",
} as const;

/**
 * What is left to sell: 0 to STOCK_MAX, a whole number when sold each, up to 2 decimals when sold
 * by weight. Output: numeric text with 2 decimals ("12.00"), what `products.available_qty` takes.
 */
export const stockQuantity = (byWeight: boolean) =>
  z
    .union([z.string(), z.number()], { error: STOCK_MESSAGES.required })
    .transform((v) => (typeof v === "number" ? String(v) : v).trim())
    .superRefine((s, ctx) => {
      if (s.length === 0) return fail(ctx, STOCK_MESSAGES.required);
      if (!byWeight && /^\d+\.\d*[1-9]\d*$/.test(s)) return fail(ctx, STOCK_MESSAGES.wholeEach);
      const hundredths = parsePriceToCents(s);
      if (hundredths === null || hundredths > STOCK_MAX * 100)
        fail(ctx, byWeight ? STOCK_MESSAGES.invalidByWeight : STOCK_MESSAGES.invalid);
    })
    .transform((s) => centsToDecimalString(parsePriceToCents(s) ?? 0));

/** "Only N left" from N units down: a whole number from 0 (never shown) to STOCK_MAX. */
export const lowStockAt = () =>
  integer(STOCK_MESSAGES.lowStockAt, { min: 0, max: STOCK_MAX, default: DEFAULT_LOW_STOCK_AT });

/** Raw stock inputs a client may leave out: checked only when the stock is limited. */
const rawStockInput = rawInput.optional();

/**
 * A flag a client may leave out (the spec's form has no stock fields): null then, once shaped
 * (an update leaves the product's stock as it is).
 */
const optionalFlag = z
  .preprocess(
    (v: boolean | string | number | null | undefined) =>
      v === undefined || v === null ? null : readFlag(v),
    z.boolean({ error: MSG.invalidValue }).nullable(),
  )
  .optional();

const productFields = {
  name: productText(MSG.productNameRequired, MSG.invalidName, PRODUCT_NAME_MAX),
  detail: productText(MSG.productDetailRequired, MSG.invalidDetail, PRODUCT_DETAIL_MAX),
  price: decimal2(
    { required: MSG.productPriceRequired, invalid: MSG.invalidPrice },
    { min: 1, max: PRODUCT_PRICE_MAX_CENTS },
  ),
  weightRequired: flag(false),
  unitWeight: rawWeightInput(unitWeight()),
  weightSymbol: rawWeightInput(weightSymbol()),
  deliveryService: flag(false),
  inStock: flag(true),
  payInPerson: flag(true),
  payByCard: flag(false),
  /** Limited quantity on; null when the client did not send it (the spec's form). */
  limitedStock: optionalFlag,
  availableQty: rawStockInput,
  lowStockAt: rawStockInput,
  /**
   * The quantity the edit form loaded ("" for unlimited): a save that changes the quantity is
   * refused when orders changed it since, so a farmer never overwrites a sale unseen.
   */
  stockSeen: rawStockInput,
};

/** The field the edit form's "at least one payment option" message is reported on. */
export const PAYMENT_OPTIONS_FIELD = "payInPerson";

const weightRules = crossCheck((value, ctx) => {
  if (readFlag(value.weightRequired) !== true) return;
  checkConditionalField(unitWeight(), value.unitWeight, "unitWeight", ctx);
  checkConditionalField(weightSymbol(), value.weightSymbol, "weightSymbol", ctx);
});

const stockRules = crossCheck((value, ctx) => {
  if (readFlag(value.limitedStock) !== true) return;
  const byWeight = readFlag(value.weightRequired) === true;
  checkConditionalField(stockQuantity(byWeight), value.availableQty, "availableQty", ctx);
  checkConditionalField(lowStockAt(), value.lowStockAt, "lowStockAt", ctx);
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
 * and `weightSymbol` null. Stock: `limitedStock` null when not sent (an update keeps the stock),
 * `availableQty` "12.00" when limited and null otherwise, `lowStockAt` the threshold when
 * limited, `stockSeen` the quantity the form loaded (undefined when not sent, null for
 * unlimited). Parsing an output again gives the same output.
 */
function shapeProduct<T extends ProductFields>(value: T) {
  const byWeight = value.weightRequired;
  const limited = value.limitedStock === true;
  return {
    ...value,
    limitedStock: value.limitedStock ?? null,
    priceCents: parsePriceToCents(value.price) ?? 0,
    unitWeight: byWeight ? unitWeight().parse(value.unitWeight) : 1,
    weightSymbol: byWeight ? weightSymbol().parse(value.weightSymbol) : null,
    availableQty: limited ? stockQuantity(byWeight).parse(value.availableQty) : null,
    lowStockAt: limited ? lowStockAt().parse(value.lowStockAt) : null,
    stockSeen: readStockSeen(value.stockSeen),
  };
}

/** The quantity the form loaded: undefined when not sent, null for unlimited, else "12.00". */
function readStockSeen(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  if (text === "") return null;
  const hundredths = parsePriceToCents(text);
  return hundredths === null ? undefined : centsToDecimalString(hundredths);
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
  .check(stockRules)
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
  .check(stockRules)
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
  limitedStock: false,
  availableQty: "",
  lowStockAt: String(DEFAULT_LOW_STOCK_AT),
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
