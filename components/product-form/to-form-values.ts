import type { OwnerProduct } from "@/server/catalog/get-owner-product";
import type { ProductFormValues } from "./product-form";

/** A loaded product (GET /api/products/{productId}/byUser) as the edit form's starting values. */
export function toFormValues(product: OwnerProduct): ProductFormValues {
  return {
    name: product.name,
    detail: product.detail,
    price: product.unit_price,
    weightRequired: product.weight_required,
    unitWeight: String(product.unit_weight),
    weightSymbol: product.unit_weight_symbol ?? "lbs",
    deliveryService: product.delivery_service === "free_delivery" ? "true" : "false",
    inStock: product.in_stock,
    limitedStock: product.available_qty !== null,
    availableQty: product.available_qty === null ? "" : formatQuantity(product.available_qty),
    lowStockAt: String(product.low_stock_at),
    payInPerson: product.pay_in_person,
    payByCard: product.pay_by_card,
    productImage: null,
  };
}

/** "12.00" → "12", "2.50" → "2.5": the quantity as a farmer would type it. */
function formatQuantity(qty: string): string {
  return qty.includes(".") ? qty.replace(/0+$/, "").replace(/\.$/, "") : qty;
}
