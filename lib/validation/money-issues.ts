/** The operators' Money page (ours, decision 0037): money the marketplace could not settle. */
import { z } from "zod";
import { MONEY_NOTE_MAX_LENGTH, MONEY_NOTE_REQUIRED_MESSAGE } from "@/lib/money-issues";
import { MSG, tooLongMessage } from "./messages";
import { integer, optional, requiredText } from "./shared";

/** The largest id of a `serial` column: a larger number would reach PostgreSQL as an error (500). */
export const SERIAL_ID_MAX = 2_147_483_647;

/** A row id of a `serial` column: a whole number from 1 to SERIAL_ID_MAX. */
export const serialId = (message: string = MSG.invalidIdentifier) =>
  integer(message, { min: 1, max: SERIAL_ID_MAX });

export { MONEY_NOTE_MAX_LENGTH, MONEY_NOTE_REQUIRED_MESSAGE };

/** GET /api/admin/money?before= : the keyset cursor (the last issue already shown). */
export const moneyIssuesQuerySchema = z.object({
  before: optional(serialId(MSG.invalidPage)),
});

/** POST /api/admin/money/{id}/retry, /pay and /resolve: the issue. */
export const moneyIssueIdSchema = z.object({ id: serialId() });

/** POST /api/admin/money/{id}/resolve: what settled it, 1 to 500 characters once trimmed. */
export const resolveMoneyIssueSchema = z.object({
  note: requiredText({
    required: MONEY_NOTE_REQUIRED_MESSAGE,
    max: MONEY_NOTE_MAX_LENGTH,
    tooLong: tooLongMessage(MONEY_NOTE_MAX_LENGTH),
  }),
});

export type ResolveMoneyIssue = z.output<typeof resolveMoneyIssueSchema>;
