/**
 * Order lists and status changes (part 2 sections 5 and 7): the order search keyword is the
 * shared sanitised keyword (limited punctuation and alphanumerics, SQL-like text blanked).
 */
import { z } from "zod";
import { ORDER_STATUSES, PAGE_SIZES } from "@/lib/constants";
import { MSG } from "./messages";
import { keyword, sanitizeKeyword } from "./search";
import { id, integer, optional, page } from "./shared";

export const orderKeyword = keyword;

/** GET /api/orders/received/view and /api/orders/placed/view: page, perPage (default 10), keyword. */
export const orderListQuerySchema = z.object({
  page: page(),
  perPage: integer(MSG.invalidPage, { min: 1, max: 50, default: PAGE_SIZES.orders }),
  keyword: orderKeyword(),
});

/**
 * POST /api/orders/updateStatus: `order_id` is the order line (ARCHITECTURE section 5). Any status
 * of the union passes here; whether it fits a pickup or delivery line is the service's check
 * (`orderStatusesFor`).
 */
export const updateOrderStatusSchema = z.object({
  order_id: id(),
  order_status: z.enum(ORDER_STATUSES, { error: MSG.invalidStatus }),
});

/**
 * POST /api/scripts/findMembersByKeyword and findOrdersByKeyword (admin): a JSON body, so the
 * keyword is text (a number or a missing keyword is refused, as the document says), then sanitised.
 */
export const adminKeywordSchema = z.object({
  keyword: z
    .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalidValue) })
    .transform(sanitizeKeyword),
});

/** POST /api/orders/confirmByMerchant: the farmer confirms the handover of their lines of an order. */
export const confirmByMerchantSchema = z.object({
  orderId: id(),
  /** The token of the customer's QR code; optional for pay-in-person orders. */
  t: z.string({ error: MSG.invalidValue }).max(64, MSG.invalidValue).optional(),
});

/**
 * POST /api/orders/confirmByCode: the farm app's scanner. `code` is what the camera read (the QR's
 * link) or the short code typed from under it; `handedOverAt` is when a confirmation queued offline
 * happened on the phone.
 */
export const confirmByCodeSchema = z.object({
  code: z
    .string({ error: "Please scan or type the customer's code." })
    .trim()
    .min(1, "Please scan or type the customer's code.")
    .max(512, "This is not a handover code."),
  handedOverAt: z.iso
    .datetime({ offset: true, error: "Please give the time as an ISO date." })
    .optional(),
});

/** POST /api/scripts/cancelOrderLine and /api/scripts/payMerchant (admin): one order line. */
export const adminOrderLineSchema = z.object({ id: id() });

/** GET /api/admin/audit?before= : the keyset cursor of the audit trail. */
export const auditQuerySchema = z.object({
  before: optional(id(MSG.invalidPage)),
});

export type OrderListQuery = z.output<typeof orderListQuerySchema>;
export type UpdateOrderStatus = z.output<typeof updateOrderStatusSchema>;
