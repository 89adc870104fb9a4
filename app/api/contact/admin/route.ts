import { contactSchema } from "@/lib/validation/contact";
import { contactInboxQuerySchema } from "@/lib/validation/contact-inbox";
import { CONTACT_MESSAGES, listContactMessages, submitContactMessage } from "@/server/contact";
import { route } from "@/server/http/route";
import { created, json, ok } from "@/server/openapi/declare";
import { readClientAddress } from "@/server/security";
import { contactInboxAnswer, messageAnswer } from "@/server/openapi/answers";

// POST /api/contact/admin: Contact Us, from a visitor or a signed-in member, to the operators
export const POST = route(
  {
    public: true,
    doc: {
      summary: "Contact Us, from a visitor or a signed-in member, to the operators",
      body: json(contactSchema),
      responses: created("The message was sent", messageAnswer),
    },
  },
  async ({ req, member, db }) => {
    const input = contactSchema.parse(await req.json());
    await submitContactMessage(db, {
      input,
      memberId: member?.id ?? null,
      // The connection's address (or our proxy's word), never a header the client wrote.
      clientIp: readClientAddress(req.headers),
    });
    return Response.json({ message: CONTACT_MESSAGES.sent }, { status: 201 });
  },
);

// GET /api/contact/admin?status=open|handled&page: the admin inbox, 20 a page, with the total
export const GET = route(
  {
    role: "admin",
    doc: {
      summary: "The Contact Us inbox, 20 a page, with the total",
      responses: ok(contactInboxAnswer),
      query: [contactInboxQuerySchema],
    },
  },
  async ({ req, db }) => {
    const query = new URL(req.url).searchParams;
    const input = contactInboxQuerySchema.parse({
      status: query.get("status"),
      page: query.get("page"),
    });
    return Response.json(await listContactMessages(db, input));
  },
);
