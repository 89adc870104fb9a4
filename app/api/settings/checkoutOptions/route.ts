import { checkoutOptionsSchema } from "@/lib/validation/checkout";
import { getEnv } from "@/server/env";
import { revalidateMerchant } from "@/server/catalog/revalidate-merchant";
import { route } from "@/server/http/route";
import { updateCheckoutOptions } from "@/server/members/update-checkout-options";
import { json, ok } from "@/server/openapi/declare";
import { checkoutOptionsSavedAnswer } from "@/server/openapi/answers";

// POST /api/settings/checkoutOptions: a merchant chooses pay in person and/or pay by card
export const POST = route(
  {
    role: "merchant",
    doc: {
      summary: "A merchant chooses pay in person and/or pay by card",
      responses: ok(checkoutOptionsSavedAnswer),
      body: json(checkoutOptionsSchema),
    },
  },
  async ({ req, member, db }) => {
    const options = checkoutOptionsSchema.parse(await req.json());
    const saved = await updateCheckoutOptions(db, {
      memberId: member.id,
      options,
      cardPaymentsEnabled: getEnv().cardPaymentsEnabled,
    });
    revalidateMerchant({ memberType: member.memberType, usernames: [member.username] });
    return Response.json({ message: "Checkout options saved.", checkoutPaymentOptions: saved });
  },
);
