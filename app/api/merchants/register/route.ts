import { merchantRegistrationSchema } from "@/lib/validation/accounts";
import { REGISTERED_MESSAGE, registerMerchant } from "@/server/members";
import { route } from "@/server/http/route";
import { checkRegistrationLimit } from "@/server/members/registration-limit";
import { created, json } from "@/server/openapi/declare";
import { readClientAddress } from "@/server/security";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/merchants/register: a farmer signs up, optionally through a reseller's `ak` link; a
// taken email gets the same answer (decision 0023)
export const POST = route(
  {
    public: true,
    doc: {
      summary: "A farmer signs up, optionally through a reseller's `ak` link",
      body: json(merchantRegistrationSchema),
      responses: created("Registered (or the email was taken: the same answer)", messageAnswer),
    },
  },
  async ({ req, db }) => {
    const input = merchantRegistrationSchema.parse(await req.json());
    await checkRegistrationLimit(db, readClientAddress(req.headers));
    await registerMerchant(db, input);
    return Response.json({ message: REGISTERED_MESSAGE }, { status: 201 });
  },
);
