import { orderMessageSchema } from "@/lib/validation/messaging";
import { route } from "@/server/http/route";
import { MESSAGING_MESSAGES, messageOrderParty } from "@/server/messaging";

// POST /api/messages/orders: 'Send Message to {name}' from an order: the customer to one of its
// farms, a farm to its customer (a farm needs a plan with messaging)
export const POST = route({}, async ({ req, member, db }) => {
  const input = orderMessageSchema.parse(await req.json());
  const { conversationId } = await messageOrderParty(db, { memberId: member.id, input });
  return Response.json({ conversationId, message: MESSAGING_MESSAGES.sent }, { status: 201 });
});
