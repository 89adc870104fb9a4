/**
 * Admin: resellers and their transactions (part 2 section 5 "Reseller create and update",
 * "Reseller transaction filter"; section 7 calls).
 */
import { z } from "zod";
import { parseDmyDateTime } from "@/lib/resellers/date-time";
import { PRODUCT_TEXT_CHARS } from "./charsets";
import { MSG } from "./messages";
import {
  crossCheck,
  decimal2,
  email,
  fail,
  hex32,
  id,
  LIMITS,
  optional,
  page,
  phoneLoose,
  requiredText,
} from "./shared";

/** Reseller names use the product-name character set ('Invalid Name'); whitespace collapses to one space. */
const resellerName = () =>
  requiredText({
    required: MSG.required,
    invalid: MSG.invalidName,
    max: LIMITS.personName,
    pattern: PRODUCT_TEXT_CHARS,
    normalize: (s) => s.replace(/\s+/g, " "),
  });

const resellerFields = {
  firstName: resellerName(),
  lastName: resellerName(),
  email: email(),
  phone: optional(phoneLoose()),
  /** Digits with up to 2 decimals, normalised to 2 ("5" → "5.00"); at most 999.99 (the column's numeric(5,2)). */
  rate: decimal2({ required: MSG.required, invalid: MSG.invalidRate }, { max: 99_999 }),
};

/** POST /api/resellers/create */
export const resellerCreateSchema = z.object(resellerFields);

/** PATCH /api/resellers */
export const resellerUpdateSchema = z.object({
  identifier: hex32(MSG.invalidIdentifier),
  ...resellerFields,
});

/** GET /api/resellers?page= */
export const resellerListQuerySchema = z.object({ page: page() });

// The date parser lives with the filter's other date helpers (no zod there, for the page's picker).
export { parseDmyDateTime };

const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

// A bound that is not "dd/mm/yyyy, hh:mm:ss" (or not a real moment) has its own message; 'Invalid
// date range' is kept for a range whose start is after its end (issue 42, item 9).
const dateBound = () =>
  optional(
    requiredText({ required: MSG.invalidDateTime })
      .refine((s) => parseDmyDateTime(s) !== null, MSG.invalidDateTime)
      .transform((s) => parseDmyDateTime(s) as string),
  );

/**
 * GET /api/resellerUserListingTrans: page, resellerKeyword (an email), dateFrom, dateTo. Either
 * bound may be left out; when both are given, from must not be after to.
 */
export const resellerTransactionFilterSchema = z
  .object({
    page: page(),
    resellerKeyword: optional(email()),
    dateFrom: dateBound(),
    dateTo: dateBound(),
  })
  .check(
    crossCheck((value, ctx) => {
      const { dateFrom: from, dateTo: to } = value;
      const parsed = (v: unknown): v is string => typeof v === "string" && ISO_LOCAL.test(v);
      // both are "yyyy-mm-ddThh:mm:ss" once parsed, so text order is time order
      if (parsed(from) && parsed(to) && from > to) {
        fail(ctx, MSG.invalidDateRange, ["dateTo"]);
      }
    }),
  );

/** PATCH /api/resellerUserListingTrans/markAsPaid */
export const markTransactionsPaidSchema = z.object({
  selectedTrans: z
    .array(id(MSG.invalidSelection), { error: MSG.invalidSelection })
    .min(1, MSG.invalidSelection)
    .max(500, MSG.invalidSelection),
});

export type ResellerCreateInput = z.input<typeof resellerCreateSchema>;
export type ResellerUpdateInput = z.input<typeof resellerUpdateSchema>;
export type ResellerTransactionFilter = z.output<typeof resellerTransactionFilterSchema>;
