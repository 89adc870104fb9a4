import { z } from "zod";
import { customerRegistrationSchema } from "@/lib/validation/accounts";
import { REGISTERED_MESSAGE, registerCustomer } from "@/server/members";
import { route } from "@/server/http/route";
import { created, json } from "@/server/openapi/declare";
import { checkRegistrationLimit } from "@/server/members/registration-limit";
import { readClientAddress } from "@/server/security";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/users/register: a customer signs up (with `recipientToken` from a farmer's reply mail,
// their visitor conversations come along); a taken email gets the same answer (decision 0023)
export const POST = route(
  {
    public: true,
    doc: {
      summary: "A customer signs up; a taken email gets the same answer",
      // recipientToken is read beside the schema, and checked in the service.
      body: json(
        z.intersection(
          customerRegistrationSchema,
          z.object({ recipientToken: z.string().optional() }),
        ),
      ),
      responses: created("Registered (or the email was taken: the same answer)", messageAnswer),
    },
  },
  async ({ req, db }) => {
    const body: unknown = await req.json();
    const input = customerRegistrationSchema.parse(body);
    await checkRegistrationLimit(db, readClientAddress(req.headers));
    const recipientToken =
      typeof body === "object" && body !== null && "recipientToken" in body
        ? body.recipientToken
        : undefined;
    await registerCustomer(db, input, { recipientToken });
    return Response.json({ message: REGISTERED_MESSAGE }, { status: 201 });
  },
);
