import { farmerMessageSchema } from "@/lib/validation/messaging";
import { afterResponse } from "@/server/base/follow-ups";
import { route } from "@/server/http/route";
import { mailAfterMessage, MESSAGING_MESSAGES, messageFarmer } from "@/server/messaging";
import { created, json } from "@/server/openapi/declare";
import { messageSentAnswer } from "@/server/openapi/answers";

// POST /api/messages/farmers: 'Send Message to {name}' from a store or product page, a customer
// to the farm
export const POST = route(
  {
    role: "customer",
    doc: {
      summary: "A customer writes to a farm from a store or product page",
      body: json(farmerMessageSchema),
      responses: created("The message was sent", messageSentAnswer),
    },
  },
  async ({ req, member, db }) => {
    const input = farmerMessageSchema.parse(await req.json());
    const { conversationId, messageId } = await messageFarmer(db, { memberId: member.id, input });
    await afterResponse("message mail", () => mailAfterMessage(db, { messageId }));
    return Response.json({ conversationId, message: MESSAGING_MESSAGES.sent }, { status: 201 });
  },
);
