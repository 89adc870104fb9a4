import { orderMessageSchema } from "@/lib/validation/messaging";
import { afterResponse } from "@/server/base/follow-ups";
import { route } from "@/server/http/route";
import { mailAfterMessage, MESSAGING_MESSAGES, messageOrderParty } from "@/server/messaging";
import { created, json } from "@/server/openapi/declare";
import { messageSentAnswer } from "@/server/openapi/answers";

// POST /api/messages/orders: 'Send Message to {name}' from an order: the customer to one of its
// farms, a farm to its customer (a farm needs a plan with messaging)
export const POST = route(
  {
    doc: {
      summary: "A message about an order: the customer to a farm, a farm to its customer",
      body: json(orderMessageSchema),
      responses: created("The message was sent", messageSentAnswer),
    },
  },
  async ({ req, member, db }) => {
    const input = orderMessageSchema.parse(await req.json());
    const { conversationId, messageId } = await messageOrderParty(db, {
      memberId: member.id,
      input,
    });
    await afterResponse("message mail", () => mailAfterMessage(db, { messageId }));
    return Response.json({ conversationId, message: MESSAGING_MESSAGES.sent }, { status: 201 });
  },
);
