import { adminSetPasswordSchema } from "@/lib/validation/accounts";
import { contactInboxQuerySchema, contactMessageIdSchema } from "@/lib/validation/contact-inbox";
import {
  moneyIssueIdSchema,
  moneyIssuesQuerySchema,
  resolveMoneyIssueSchema,
} from "@/lib/validation/money-issues";
import {
  adminKeywordSchema,
  adminOrderLineSchema,
  auditQuerySchema,
} from "@/lib/validation/orders";
import {
  markTransactionsPaidSchema,
  resellerCreateSchema,
  resellerListQuerySchema,
  resellerTransactionFilterSchema,
  resellerUpdateSchema,
} from "@/lib/validation/resellers";
import type { Operation } from "../types";
import { ADMIN, json } from "./shared";

/** The operators' calls. */
export const ADMIN_OPERATIONS: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/admin/audit",
    summary: "The audit trail of admin actions, newest first, 20 at a time",
    access: ADMIN,
    query: [auditQuerySchema],
  },
  {
    method: "GET",
    path: "/api/admin/money",
    summary: "The open money issues, newest first, 20 at a time, with the last sweep",
    access: ADMIN,
    query: [moneyIssuesQuerySchema],
  },
  {
    method: "POST",
    path: "/api/admin/money/{id}/retry",
    summary: "Retry a refund or payout reversal Stripe refused (the issue is closed first)",
    access: ADMIN,
    pathParams: { id: moneyIssueIdSchema.shape.id },
  },
  {
    method: "POST",
    path: "/api/admin/money/{id}/pay",
    summary: "Pay the farm an overdue payout, or its payouts once a dispute is won",
    access: ADMIN,
    pathParams: { id: moneyIssueIdSchema.shape.id },
  },
  {
    method: "POST",
    path: "/api/admin/money/{id}/resolve",
    summary: "Mark a money issue resolved, with a note saying how",
    access: ADMIN,
    pathParams: { id: moneyIssueIdSchema.shape.id },
    body: json(resolveMoneyIssueSchema),
  },
  {
    method: "GET",
    path: "/api/contact/admin",
    summary: "The Contact Us inbox, 20 a page, with the total",
    access: ADMIN,
    query: [contactInboxQuerySchema],
  },
  {
    method: "POST",
    path: "/api/contact/admin/{id}/handled",
    summary: "Mark a Contact Us message handled, once",
    access: ADMIN,
    pathParams: { id: contactMessageIdSchema.shape.id },
  },
  {
    method: "GET",
    path: "/api/resellers",
    summary: "The resellers, 10 a page, with the total",
    access: ADMIN,
    query: [resellerListQuerySchema],
  },
  {
    method: "PATCH",
    path: "/api/resellers",
    summary: "Edit a reseller, found by its identifier",
    access: ADMIN,
    body: json(resellerUpdateSchema),
  },
  {
    method: "POST",
    path: "/api/resellers/create",
    summary: "Add a reseller (its identifier is drawn by the database)",
    access: ADMIN,
    body: json(resellerCreateSchema),
  },
  {
    method: "GET",
    path: "/api/resellerUserListingTrans",
    summary: "Filter the reseller transactions, 10 a page, with the total",
    access: ADMIN,
    query: [resellerTransactionFilterSchema],
  },
  {
    method: "PATCH",
    path: "/api/resellerUserListingTrans/markAsPaid",
    summary: "Mark pending reseller transactions paid",
    access: ADMIN,
    body: json(markTransactionsPaidSchema),
  },
  {
    method: "POST",
    path: "/api/scripts/findMembersByKeyword",
    summary: "Search members by username, email or name",
    access: ADMIN,
    body: json(adminKeywordSchema),
  },
  {
    method: "POST",
    path: "/api/scripts/findOrdersByKeyword",
    summary: "Search order lines (order number, customer, farm, product)",
    access: ADMIN,
    body: json(adminKeywordSchema),
  },
  {
    method: "POST",
    path: "/api/scripts/cancelOrderLine",
    summary: "Cancel one order line (a paid card line is refunded)",
    access: ADMIN,
    body: json(adminOrderLineSchema),
  },
  {
    method: "POST",
    path: "/api/scripts/payMerchant",
    summary: "Pay a line's farm for its part of a paid card order (once)",
    access: ADMIN,
    body: json(adminOrderLineSchema),
  },
  {
    method: "POST",
    path: "/api/scripts/updatePassword",
    summary: "Set a member's password (their sessions end, they are mailed)",
    access: ADMIN,
    body: json(adminSetPasswordSchema),
  },
];
