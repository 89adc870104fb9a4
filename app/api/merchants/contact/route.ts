import { askTheFarmerSchema, farmReplyQuerySchema } from "@/lib/validation/messaging";
import { afterResponse } from "@/server/base/follow-ups";
import { route } from "@/server/http/route";
import {
  askTheFarmer,
  farmReplyStatus,
  mailAfterMessage,
  MESSAGING_MESSAGES,
} from "@/server/messaging";
import { created, json, ok } from "@/server/openapi/declare";
import { readClientAddress } from "@/server/security";
import { farmReplyAnswer, messageSentAnswer } from "@/server/openapi/answers";

// GET /api/merchants/contact?prodId=|farmerId=: whether the farm answers by message (its plan)
export const GET = route(
  {
    public: true,
    doc: {
      summary: "Whether a farm answers by message now, before someone writes to it",
      responses: ok(farmReplyAnswer),
      query: [farmReplyQuerySchema],
    },
  },
  async ({ req, db }) => {
    const input = farmReplyQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json(await farmReplyStatus(db, input), {
      headers: { "cache-control": "private, no-store" },
    });
  },
);

// POST /api/merchants/contact: Ask The Farmer, from a visitor or a signed-in member
export const POST = route(
  {
    public: true,
    doc: {
      summary: "Ask The Farmer, from a visitor or a signed-in member",
      body: json(askTheFarmerSchema),
      responses: created("The message was sent", messageSentAnswer),
    },
  },
  async ({ req, member, db }) => {
    const input = askTheFarmerSchema.parse(await req.json());
    const { conversationId, messageId } = await askTheFarmer(db, {
      input,
      memberId: member?.id ?? null,
      // The connection's address (or our proxy's word), never a header the client wrote.
      clientIp: readClientAddress(req.headers),
    });
    await afterResponse("message mail", () => mailAfterMessage(db, { messageId }));
    return Response.json({ message: MESSAGING_MESSAGES.sent, conversationId }, { status: 201 });
  },
);
