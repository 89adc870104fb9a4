import { customerRegistrationSchema } from "@/lib/validation/accounts";
import { REGISTERED_MESSAGE, registerCustomer } from "@/server/members";
import { route } from "@/server/http/route";

// POST /api/users/register: a customer signs up
export const POST = route({ public: true }, async ({ req, db }) => {
  const input = customerRegistrationSchema.parse(await req.json());
  await registerCustomer(db, input);
  return Response.json({ message: REGISTERED_MESSAGE }, { status: 201 });
});
