"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { FormField, inputClasses } from "@/components/account/form-field";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { SubmitButton } from "@/components/ui/submit-button";
import { DEFAULT_LOW_STOCK_AT } from "@/lib/catalog/stock";
import { PRODUCT_DETAIL_MAX, PRODUCT_NAME_MAX, WEIGHT_UNITS, type Currency } from "@/lib/constants";
import type { ServiceCharge } from "@/lib/fees";
import type { ProductAdd, ProductUpdate } from "@/lib/validation/catalog";
import { straightenPunctuation } from "@/lib/validation/charsets";
import { MSG } from "@/lib/validation/messages";
import { EarningEstimate } from "./earning-estimate";
import { ImageField } from "./image-field";
import { submitProduct } from "./submit-product";
import { SwitchField } from "./switch-field";

/** What the inputs hold: text as typed, switches as booleans, the delivery radios as "true"/"false". */
export type ProductFormValues = {
  name: string;
  detail: string;
  price: string;
  weightRequired: boolean;
  unitWeight: string;
  weightSymbol: string;
  deliveryService: "true" | "false";
  inStock: boolean;
  /** Off: unlimited (the default). On: `availableQty` in the product's unit (decision 0042). */
  limitedStock: boolean;
  availableQty: string;
  lowStockAt: string;
  payInPerson: boolean;
  payByCard: boolean;
  productImage: FileList | null;
};

type FieldName = keyof ProductFormValues;
const FIELD_NAMES: readonly FieldName[] = [
  "name",
  "detail",
  "price",
  "weightRequired",
  "unitWeight",
  "weightSymbol",
  "deliveryService",
  "inStock",
  "limitedStock",
  "availableQty",
  "lowStockAt",
  "payInPerson",
  "payByCard",
  "productImage",
];

/** Spec part 2 section 9: in person on, card off, in stock, weight 1. */
export const NEW_PRODUCT_VALUES: ProductFormValues = {
  name: "",
  detail: "",
  price: "",
  weightRequired: false,
  unitWeight: "1",
  weightSymbol: "lbs",
  deliveryService: "false",
  inStock: true,
  limitedStock: false,
  availableQty: "",
  lowStockAt: String(DEFAULT_LOW_STOCK_AT),
  payInPerson: true,
  payByCard: false,
  productImage: null,
};

export const EDIT_FAILED_MESSAGE =
  "Oops! Something went wrong. Please review the form and try again.";

export type ProductFormProps = {
  /** The merchant's username: a new product's store page is /stores/{username}. */
  username: string;
  currency: Currency;
  serviceCharge: ServiceCharge;
  /** Why pay by card cannot be offered (not configured, or no payout account), or null. */
  cardUnavailableReason: string | null;
} & (
  | { mode: "add" }
  | {
      mode: "edit";
      productId: number;
      initial: ProductFormValues;
      /** The quantity as loaded ("12.00", null when unlimited): a save refused if orders moved it. */
      stockSeen: string | null;
      imageUrl: string | null;
      /** A deleted product has no public page: the merchant goes back to the deleted view. */
      deleted: boolean;
    }
);

type Parsed = ProductAdd | ProductUpdate;
type SchemaResolver = Resolver<Record<string, unknown>, unknown, Parsed>;

// zod and the schemas (about 30 kB gzipped) load when the form first gets focus or the pointer, or
// at the latest on the first check (a field left, an image picked, or submit), not with the page.
const productResolver = (mode: "add" | "edit") =>
  lazyResolver<Record<string, unknown>, unknown, Parsed>(async () => {
    const [{ zodResolver }, { productAddSchema, productUpdateSchema }] = await Promise.all([
      import("@hookform/resolvers/zod"),
      import("@/lib/validation/catalog"),
    ]);
    return zodResolver(
      mode === "add" ? productAddSchema : productUpdateSchema,
    ) as unknown as SchemaResolver;
  });
const RESOLVERS = { add: productResolver("add"), edit: productResolver("edit") };

/**
 * The add and edit product form (spec part 2 sections 2, 5, 8 and 9). The same zod schema as the
 * server checks every field here; the server's field errors land on their fields, joined by commas.
 */
export function ProductForm(props: ProductFormProps) {
  const { mode, username, currency, serviceCharge, cardUnavailableReason } = props;
  const router = useRouter();
  const resolver = RESOLVERS[mode];
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    trigger,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, Parsed>({
    // The edit schema also wants `id`, which is added here rather than kept in the inputs.
    resolver: ((values, context, options) =>
      resolver(
        mode === "edit" ? { ...values, id: props.productId } : values,
        context,
        options as never,
      )) as Resolver<ProductFormValues, unknown, Parsed>,
    defaultValues: mode === "edit" ? props.initial : NEW_PRODUCT_VALUES,
    mode: "onTouched",
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [price, weightRequired, payByCard, symbol, limitedStock] = useWatch({
    control,
    name: ["price", "weightRequired", "payByCard", "weightSymbol", "limitedStock"],
  });
  const units: readonly string[] =
    WEIGHT_UNITS.includes(symbol as (typeof WEIGHT_UNITS)[number]) || !symbol
      ? WEIGHT_UNITS
      : [...WEIGHT_UNITS, symbol];

  async function onSubmit(values: Parsed) {
    setFailure(null);
    const body = new FormData();
    if (mode === "edit") body.set("id", String(props.productId));
    body.set("name", values.name);
    body.set("detail", values.detail);
    body.set("price", values.price);
    body.set("weightRequired", String(values.weightRequired));
    body.set("unitWeight", String(values.unitWeight));
    body.set("weightSymbol", values.weightSymbol ?? "");
    body.set("deliveryService", String(values.deliveryService));
    body.set("inStock", String(values.inStock));
    body.set("limitedStock", String(values.limitedStock === true));
    if (values.limitedStock === true) {
      body.set("availableQty", values.availableQty ?? "");
      body.set("lowStockAt", String(values.lowStockAt ?? DEFAULT_LOW_STOCK_AT));
    }
    if (mode === "edit") body.set("stockSeen", props.stockSeen ?? "");
    body.set("payInPerson", String(values.payInPerson));
    body.set("payByCard", String(values.payByCard));
    if (values.productImage) body.set("productImage", values.productImage);

    const result = await submitProduct(
      mode === "add" ? "/api/products/add" : "/api/products/update",
      body,
    );
    if (result.ok) {
      router.push(
        mode === "add"
          ? `/stores/${username}?notice=product_added`
          : props.deleted
            ? `/stores/${username}/deleted?notice=product_updated`
            : `/products/${result.productId}?notice=product_updated`,
      );
      return;
    }
    const unplaced: string[] = [];
    for (const [field, message] of Object.entries(result.fieldErrors)) {
      if ((FIELD_NAMES as readonly string[]).includes(field)) {
        setError(field as FieldName, { type: "server", message }, { shouldFocus: true });
      } else {
        unplaced.push(message);
      }
    }
    const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
    const headline =
      mode === "edit"
        ? EDIT_FAILED_MESSAGE
        : hasFieldErrors
          ? MSG.productFormFailed
          : result.message;
    const detail = mode === "edit" && !hasFieldErrors ? [result.message] : unplaced;
    setFailure([headline, ...detail].join(" "));
  }

  const error = (name: FieldName) => errors[name]?.message;
  // Spec part 2 section 5: curly quotes become straight ones as the field is left (the schema
  // straightens them again on submit).
  const straighten =
    (name: "name" | "detail") =>
    (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, straightenPunctuation(event.target.value));

  return (
    <form
      method="post"
      onSubmit={handleSubmit(onSubmit)}
      onFocus={resolver.preload}
      onPointerEnter={resolver.preload}
      noValidate
      aria-label={mode === "add" ? "Add a product" : "Edit the product"}
      className="grid gap-8 lg:grid-cols-[minmax(0,26rem)_1fr] lg:items-start"
    >
      <div className="flex flex-col gap-6">
        <ImageField
          id="product-image"
          initialUrl={mode === "edit" ? props.imageUrl : null}
          error={error("productImage")}
          registration={register("productImage")}
          onPicked={() => void trigger("productImage")}
        />
      </div>

      <div className="flex flex-col gap-5">
        <FormField id="product-name" label="Name" error={error("name")}>
          {(a11y) => (
            <input
              {...a11y}
              {...register("name", { onBlur: straighten("name") })}
              maxLength={PRODUCT_NAME_MAX}
              className={inputClasses}
            />
          )}
        </FormField>
        <FormField
          id="product-detail"
          label="Detail"
          error={error("detail")}
          hint="What it is, how it was grown, how fresh it is."
        >
          {(a11y) => (
            <textarea
              {...a11y}
              {...register("detail", { onBlur: straighten("detail") })}
              rows={5}
              maxLength={PRODUCT_DETAIL_MAX}
              className={`${inputClasses} h-auto py-2.5`}
            />
          )}
        </FormField>
        <FormField
          id="product-price"
          label={`Price (${currency})`}
          error={error("price")}
          hint="For example 4.50"
        >
          {(a11y) => (
            <div className="relative">
              <span
                aria-hidden
                className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-stone-600"
              >
                $
              </span>
              <input
                {...a11y}
                {...register("price")}
                inputMode="decimal"
                autoComplete="off"
                className={`${inputClasses} pl-7`}
              />
            </div>
          )}
        </FormField>
        <EarningEstimate price={price} currency={currency} serviceCharge={serviceCharge} />

        <div className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white px-4 sm:px-5">
          <SwitchField
            id="product-weight-required"
            label="Sold by weight"
            description="The price is for the weight below, such as 1 lbs."
            registration={register("weightRequired")}
          />
          {weightRequired ? (
            <div className="grid grid-cols-2 gap-4 py-4">
              <FormField id="product-unit-weight" label="Weight" error={error("unitWeight")}>
                {(a11y) => (
                  <input
                    {...a11y}
                    {...register("unitWeight")}
                    inputMode="decimal"
                    className={inputClasses}
                  />
                )}
              </FormField>
              <FormField
                id="product-weight-symbol"
                label="Weight unit"
                error={error("weightSymbol")}
              >
                {(a11y) => (
                  <select {...a11y} {...register("weightSymbol")} className={inputClasses}>
                    {units.map((unit) => (
                      <option key={unit} value={unit}>
                        {unit}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
          ) : null}
          <SwitchField
            id="product-in-stock"
            label="In stock"
            description="Customers can order it now."
            registration={register("inStock")}
          />
          <SwitchField
            id="product-limited-stock"
            label="Limited quantity"
            description="Off: customers can order any quantity. On: orders take from what you have, and it sells out at 0."
            registration={register("limitedStock", {
              onChange: () => void trigger(["availableQty", "lowStockAt"]),
            })}
          />
          {limitedStock ? (
            <div className="grid gap-4 py-4 sm:grid-cols-2">
              <FormField
                id="product-available-qty"
                label={`Quantity available (${weightRequired ? symbol || "weight unit" : "each"})`}
                error={error("availableQty")}
                hint={
                  weightRequired
                    ? "In the weight unit above, such as 12.5."
                    : "A whole number, such as 24."
                }
              >
                {(a11y) => (
                  <input
                    {...a11y}
                    {...register("availableQty")}
                    inputMode={weightRequired ? "decimal" : "numeric"}
                    autoComplete="off"
                    className={inputClasses}
                  />
                )}
              </FormField>
              <FormField
                id="product-low-stock-at"
                label="Show “Only N left” from"
                error={error("lowStockAt")}
                hint="Customers see how many are left once N is this or fewer."
              >
                {(a11y) => (
                  <input
                    {...a11y}
                    {...register("lowStockAt")}
                    inputMode="numeric"
                    autoComplete="off"
                    className={inputClasses}
                  />
                )}
              </FormField>
            </div>
          ) : null}
        </div>

        <fieldset className="rounded-2xl border border-stone-200 bg-white px-4 py-4 sm:px-5">
          <legend className="px-1 text-sm font-semibold text-stone-800">Delivery service</legend>
          <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                value="false"
                {...register("deliveryService")}
                className="accent-leaf-700 size-5"
              />
              <span>In store (pickup at the farm)</span>
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                value="true"
                {...register("deliveryService")}
                className="accent-leaf-700 size-5"
              />
              <span>Free delivery</span>
            </label>
          </div>
        </fieldset>

        <fieldset className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white px-4 sm:px-5">
          <legend className="px-1 text-sm font-semibold text-stone-800">
            Customer payment options
          </legend>
          <SwitchField
            id="product-pay-in-person"
            label="Pay in person"
            description="Customers pay you when they pick up or receive the order. The payment provider gives no guarantee."
            error={error("payInPerson")}
            registration={register("payInPerson", {
              onChange: () => void trigger(["payInPerson", "payByCard"]),
            })}
          />
          <SwitchField
            id="product-pay-by-card"
            label="Pay by card"
            description={
              cardUnavailableReason ??
              "Payment is guaranteed once you scan the customer's QR code on delivery."
            }
            error={error("payByCard")}
            // Disabled while cards cannot be taken, unless it is on: then it can still be turned off.
            disabled={cardUnavailableReason !== null && !payByCard}
            registration={register("payByCard", {
              onChange: () => void trigger(["payInPerson", "payByCard"]),
            })}
          />
        </fieldset>

        <div className="flex flex-col gap-3">
          <p role="alert" className="min-h-6 text-sm font-medium text-red-700">
            {failure ?? ""}
          </p>
          <SubmitButton
            size="lg"
            disabled={isSubmitting}
            className="w-full sm:w-auto sm:self-start"
          >
            {isSubmitting ? "Saving…" : mode === "add" ? "Add Product" : "Save Changes"}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
