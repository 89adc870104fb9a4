/**
 * Wire types of the order calls (spec part 2 sections 3 and 7), shared by the route handlers, the
 * services and the client tables. Dates are ISO 8601 strings; flags are 0 or 1 as the spec writes.
 */
import type { Currency, OrderStatus } from "@/lib/constants";

/** A row of GET /api/orders/received/view: one order line of the farmer's. */
export type ReceivedOrder = {
  /** The order line's id: `order_id` of POST /api/orders/updateStatus. */
  orderId: number;
  orderNo: string;
  orderMethod: "pickup" | "delivery";
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  productName: string;
  quantity: number;
  status: OrderStatus;
  orderDate: string;
  deliveryService: 0 | 1;
  /** 1 while the line's refund is asked and its money not yet back (decision 0037). */
  refundPending: 0 | 1;
};

/** A row of GET /api/orders/placed/view: one line of the member's own orders. */
export type PlacedOrder = {
  /** The order's id (one per checkout): the `{orderId}` of /orders/{orderId}/confirmByMerchant. */
  orderId: number;
  orderNo: string;
  merchantName: string;
  merchantEmail: string;
  merchantPhone: string;
  /** The product's page, or null once the farmer removed the product for good. */
  productUrl: string | null;
  productName: string;
  quantity: number;
  status: OrderStatus;
  purchasedDate: string;
  qualifiedToCancel: 0 | 1;
  /** 1 while the line's refund is asked and its money not yet back (decision 0037). */
  refundPending: 0 | 1;
};

export type OrderList<T> = { results: T[]; count: number };

/** A line of POST /api/orders/confirmByMerchant (spec "Confirm result"). */
export type ConfirmedLine = {
  product_image: string | null;
  /** The order line's id. */
  order_id: number;
  product_name: string;
  /** Decimal, "4.50". */
  unit_price: string;
  qty: number;
  currency: Currency;
};

/** The QR code a customer shows one farmer at the handover, drawn as one SVG path. */
export type HandoverCode = {
  merchantId: number;
  merchantName: string;
  /** The absolute confirm URL (the link shown under the code). */
  url: string;
  /** What the code encodes: the short link to `url` (/shortLink/{code}). */
  qrUrl: string;
  /** The code printed under the QR code, typed by a farmer who cannot scan (e.g. 1042-7KQ2-M9XD). */
  shortCode: string;
  /** Modules per side (the SVG viewBox). */
  size: number;
  /** The dark modules as an SVG path. */
  path: string;
};

/** A line of one order as the customer's order view shows it. */
export type OrderDetailLine = {
  id: number;
  productName: string;
  productUrl: string | null;
  quantity: number;
  unitPrice: string;
  status: OrderStatus;
  merchantName: string;
  orderMethod: "pickup" | "delivery";
  qualifiedToCancel: 0 | 1;
  confirmed: boolean;
};

/** GET /api/orders/{orderNo}/view: one of the member's orders, whole, with its handover codes. */
export type OrderDetail = {
  orderId: number;
  orderNo: string;
  purchasedDate: string;
  currency: Currency;
  total: string;
  paymentType: "card" | "in_person";
  lines: OrderDetailLine[];
  /** 1 when every line qualifies: the order modal's Cancel is enabled only then. */
  qualifiedToCancel: 0 | 1;
  /** One per farmer with lines still to hand over. */
  handovers: HandoverCode[];
};
