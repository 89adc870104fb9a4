/** The admin inbox of Contact Us messages (ours: the spec has no inbox). */
import { z } from "zod";
import { id, page } from "./core";
import { MSG } from "./messages";

export const CONTACT_INBOX_STATUSES = ["open", "handled"] as const;

/** GET /api/contact/admin?status=open|handled&page */
export const contactInboxQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === null || v === undefined || v === "" ? "open" : v),
    z.enum(CONTACT_INBOX_STATUSES, { error: MSG.invalidStatus }),
  ),
  page: page(),
});

/** POST /api/contact/admin/{id}/handled */
export const contactMessageIdSchema = z.object({ id: id(MSG.invalidIdentifier) });
