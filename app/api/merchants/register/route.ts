import { merchantRegistrationSchema } from "@/lib/validation/accounts";
import { REGISTERED_MESSAGE, registerMerchant } from "@/server/members";
import { route } from "@/server/http/route";

// POST /api/merchants/register: a farmer signs up, optionally through a reseller's `ak` link
export const POST = route({ public: true }, async ({ req, db }) => {
  const input = merchantRegistrationSchema.parse(await req.json());
  await registerMerchant(db, input);
  return Response.json({ message: REGISTERED_MESSAGE }, { status: 201 });
});
