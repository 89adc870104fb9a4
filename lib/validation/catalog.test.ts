import { describe, expect, it } from "vitest";
import {
  clampQuantity,
  PRODUCT_FORM_DEFAULTS,
  productAddSchema,
  productUpdateSchema,
  quantitySchema,
} from "./catalog";
import { joinFieldErrors } from "./field-errors";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const MB = 1024 * 1024;
const image = (name = "tomatoes.jpg", size = 200_000, type = "image/jpeg") => ({
  name,
  size,
  type,
});

/** As the multipart decoder hands it over: every field a string. */
const product = {
  name: "Heirloom Tomatoes",
  detail: "Grown in Niagara; picked this morning (no sprays).",
  price: "4.5",
  weightRequired: "false",
  unitWeight: "1",
  weightSymbol: "lbs",
  deliveryService: "0",
  inStock: "true",
  payInPerson: "on",
  payByCard: "false",
  productImage: image(),
};

const byWeight = { weightRequired: "true" };

describe("add product", () => {
  const rows: MessageRow[] = [
    ["productImage", { productImage: undefined }, "Upload the image"],
    ["productImage", { productImage: "" }, "Upload the image"],
    [
      "productImage",
      { productImage: { name: "", size: 0, type: "application/octet-stream" } },
      "Upload the image",
    ],
    [
      "productImage",
      { productImage: image("tomatoes.gif", 1000, "image/gif") },
      "Invalid image file.",
    ],
    [
      "productImage",
      { productImage: image("tomatoes.jpg", 1000, "image/webp") },
      "Invalid image file.",
    ],
    ["productImage", { productImage: image("tomatoes", 1000, "") }, "Invalid image file."],
    [
      "productImage",
      { productImage: image("tomatoes.png", 8192 * 1024 + 1, "image/png") },
      "Image size is too big.",
    ],
    ["name", { name: "" }, "Product name is required"],
    ["name", { name: "Tomatoes <b>" }, "Invalid Name"],
    ["name", { name: "Tomatoes & Peppers" }, "Invalid Name"],
    ["detail", { detail: "  " }, "Product detail is required"],
    ["detail", { detail: "50% off!" }, "Invalid Detail"],
    ["detail", { detail: "Fresh {today}" }, "Invalid Detail"],
    ["price", { price: "" }, "Product price is required"],
    ["price", { price: "4.999" }, "Invalid Price"],
    ["price", { price: "$4" }, "Invalid Price"],
    ["price", { price: "-4" }, "Invalid Price"],
    ["price", { price: "0" }, "Invalid Price"],
    ["unitWeight", { ...byWeight, unitWeight: "" }, "Product weight is required"],
    ["unitWeight", { ...byWeight, unitWeight: "1.234" }, "Invalid Value"],
    ["unitWeight", { ...byWeight, unitWeight: "one" }, "Invalid Value"],
    ["unitWeight", { ...byWeight, unitWeight: "0" }, "Invalid Value"],
    ["weightSymbol", { ...byWeight, weightSymbol: "" }, "Weight symbol is required"],
    ["weightSymbol", { ...byWeight, weightSymbol: "pounds" }, "Invalid Value"],
    ["weightSymbol", { ...byWeight, weightSymbol: "k9" }, "Invalid Value"],
    ["inStock", { inStock: "maybe" }, "Invalid Value"],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(productAddSchema, { ...product, ...change })?.[field]).toEqual([message]);
  });

  it("accepts the form and gives the price in cents", () => {
    const out = parseOk(productAddSchema, product);
    expect(out).toMatchObject({
      name: "Heirloom Tomatoes",
      price: "4.50",
      priceCents: 450,
      weightRequired: false,
      unitWeight: 1,
      weightSymbol: null,
      deliveryService: false,
      inStock: true,
      payInPerson: true,
      payByCard: false,
    });
    expect(out.productImage?.name).toBe("tomatoes.jpg");
  });

  it("accepts an image of exactly 8192 KB, PNG and JPEG in any letter case", () => {
    expect(
      errorsOf(productAddSchema, {
        ...product,
        productImage: image("a.PNG", 8192 * 1024, "image/png"),
      }),
    ).toBeNull();
    expect(
      errorsOf(productAddSchema, { ...product, productImage: image("a.JPEG", 10, "image/jpeg") }),
    ).toBeNull();
  });

  it("takes the first file of a FileList", () => {
    const list = { length: 1, 0: image("b.png", 10, "image/png"), item: () => null };
    expect(parseOk(productAddSchema, { ...product, productImage: list }).productImage?.name).toBe(
      "b.png",
    );
  });

  it("straightens curly quotes before checking name and detail", () => {
    const out = parseOk(productAddSchema, {
      ...product,
      name: "Grandma’s “Best” Jam",
      detail: "It’s sweet",
    });
    expect(out.name).toBe(`Grandma's "Best" Jam`);
    expect(out.detail).toBe("It's sweet");
  });

  it("checks weight and symbol only when sold by weight", () => {
    expect(
      errorsOf(productAddSchema, { ...product, unitWeight: "abc", weightSymbol: "" }),
    ).toBeNull();
    expect(
      parseOk(productAddSchema, { ...product, ...byWeight, unitWeight: "2.5", weightSymbol: "KG" }),
    ).toMatchObject({
      weightRequired: true,
      unitWeight: 2.5,
      weightSymbol: "kg",
    });
  });

  it("applies the spec's defaults when flags are missing (JSON)", () => {
    const {
      weightRequired: _w,
      deliveryService: _d,
      inStock: _i,
      payInPerson: _p,
      payByCard: _c,
      ...rest
    } = product;
    expect(parseOk(productAddSchema, rest)).toMatchObject({
      weightRequired: false,
      deliveryService: false,
      inStock: true,
      payInPerson: true,
      payByCard: false,
    });
  });

  it.each([
    ["true", true],
    ["1", true],
    ["on", true],
    ["yes", true],
    [true, true],
    [1, true],
    ["false", false],
    ["0", false],
    ["off", false],
    ["", false],
    [false, false],
  ])("reads the flag %j as %s", (raw, expected) => {
    expect(parseOk(productAddSchema, { ...product, deliveryService: raw }).deliveryService).toBe(
      expected,
    );
  });

  it("reports every problem at once, joinable with commas for display", () => {
    const errors =
      errorsOf(productAddSchema, {
        ...product,
        name: "",
        price: "x",
        ...byWeight,
        unitWeight: "",
      }) ?? {};
    expect(joinFieldErrors(errors, "comma")).toEqual({
      name: "Product name is required",
      price: "Invalid Price",
      unitWeight: "Product weight is required",
    });
  });

  it("starts the form with the spec's defaults", () => {
    expect(PRODUCT_FORM_DEFAULTS).toMatchObject({
      payInPerson: true,
      payByCard: false,
      inStock: true,
      unitWeight: "1",
    });
  });

  it("parses its own output again to the same output", () => {
    const once = parseOk(productAddSchema, {
      ...product,
      ...byWeight,
      unitWeight: "2",
      weightSymbol: "oz",
    });
    expect(parseOk(productAddSchema, once)).toEqual(once);
  });
});

describe("edit product", () => {
  const edit = { ...product, id: "12", productImage: "" };
  const rows: MessageRow[] = [
    [
      "payInPerson",
      { payInPerson: "false", payByCard: "false" },
      "You need to select at least one of the customer payment options",
    ],
    ["productImage", { productImage: image("big.jpg", 8 * MB + 1) }, "Image size is too big."],
    [
      "productImage",
      { productImage: image("doc.pdf", 10, "application/pdf") },
      "Invalid image file.",
    ],
    ["id", { id: "abc" }, "Invalid Value"],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(productUpdateSchema, { ...edit, ...change })?.[field]).toEqual([message]);
  });

  it("keeps the current image when none is uploaded", () => {
    expect(parseOk(productUpdateSchema, edit)).toMatchObject({
      id: 12,
      productImage: null,
      priceCents: 450,
    });
  });

  it("accepts card only", () => {
    expect(
      errorsOf(productUpdateSchema, { ...edit, payInPerson: "false", payByCard: "true" }),
    ).toBeNull();
  });

  it("does not require a payment option on add (edit only, as the spec says)", () => {
    expect(
      errorsOf(productAddSchema, { ...product, payInPerson: "false", payByCard: "false" }),
    ).toBeNull();
  });
});

describe("quantity", () => {
  it.each([["0"], [0], ["-1"], ["1.5"], ["two"], [""]])("refuses %j", (qty) => {
    expect(errorsOf(quantitySchema, { qty })?.qty).toEqual(["Invalid Quantity"]);
  });

  it.each([
    ["1", 1],
    [3, 3],
    ["12", 12],
  ])("accepts %j", (qty, expected) => {
    expect(parseOk(quantitySchema, { qty }).qty).toBe(expected);
  });

  it("never lets the buttons go below 1", () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-3)).toBe(1);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(5000)).toBe(999);
  });
});
