import { contactMessageIdSchema } from "@/lib/validation/contact-inbox";
import { CONTACT_HANDLED_MESSAGES, markContactHandled } from "@/server/contact";
import { route } from "@/server/http/route";
import { contactHandledAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// POST /api/contact/admin/{id}/handled: an admin marks a Contact Us message handled, once
export const POST = route<{ id: string }>(
  {
    role: "admin",
    doc: {
      summary: "Mark a Contact Us message handled, once",
      responses: ok(contactHandledAnswer),
      pathParams: { id: contactMessageIdSchema.shape.id },
    },
  },
  async ({ params, member, db }) => {
    const { id } = contactMessageIdSchema.parse(params);
    const { handledAt } = await markContactHandled(db, { adminId: member.id, messageId: id });
    return Response.json({ message: CONTACT_HANDLED_MESSAGES.handled, id, handledAt });
  },
);
