import { markTransactionsPaidSchema } from "@/lib/validation/resellers";
import { markResellerTransactionsPaid } from "@/server/admin/mark-reseller-transactions-paid";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { markedPaidAnswer } from "@/server/openapi/answers";

// PATCH /api/resellerUserListingTrans/markAsPaid: an admin marks pending transactions paid; the
// answer's ids are those this call marked (already paid or unknown ids are left out)
export const PATCH = route(
  {
    role: "admin",
    doc: {
      summary: "Mark pending reseller transactions paid",
      responses: ok(markedPaidAnswer),
      body: json(markTransactionsPaidSchema),
    },
  },
  async ({ req, member, db }) => {
    const { selectedTrans } = markTransactionsPaidSchema.parse(await req.json());
    const ids = await markResellerTransactionsPaid(db, { adminId: member.id, ids: selectedTrans });
    return Response.json({ ids });
  },
);
