import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CartItem } from "@/lib/cart/types";
import { cartItem } from "@/tests/cart-item";
import { CartItemRow } from "./cart-item-row";

const ITEM = cartItem({ id: 12, name: "Honeycrisp Apples" });

const html = (item: CartItem) =>
  renderToStaticMarkup(
    <CartItemRow item={item} busy={false} showCode={false} onQty={() => {}} onRemove={() => {}} />,
  );

describe("CartItemRow", () => {
  it("links to the product's page while it is on sale", () => {
    expect(html(ITEM)).toContain('href="/products/12"');
    expect(html(ITEM)).not.toContain("SOLD OUT");
  });

  it("says ' - SOLD OUT' in the price line of an out-of-stock product (spec part 1 section 5)", () => {
    const out = html({
      ...ITEM,
      in_stock: false,
      purchasable: false,
      unavailable_reason: "out_of_stock",
    });
    expect(out).toContain("$4.50 / ea - SOLD OUT");
    expect(out).toContain('href="/products/12"');
  });

  it("does not link a product the farm stopped selling: its page is gone", () => {
    const gone = html({ ...ITEM, purchasable: false, unavailable_reason: "inactive" });
    expect(gone).not.toContain('href="/products/12"');
    expect(gone).toContain("Honeycrisp Apples");
    expect(gone).toContain("No longer available");
  });
});
