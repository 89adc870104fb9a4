import { resellerTransactionFilterSchema } from "@/lib/validation/resellers";
import { listResellerTransactions } from "@/server/admin/list-reseller-transactions";
import { route } from "@/server/http/route";
import { resellerTransactionsAnswer } from "@/server/openapi/answers";
import { ok } from "@/server/openapi/declare";

// GET /api/resellerUserListingTrans?page=&resellerKeyword=&dateFrom=&dateTo=: admins filter the
// reseller transactions (dates "dd/mm/yyyy, hh:mm:ss", Toronto time), 10 a page, with the total
export const GET = route(
  {
    role: "admin",
    doc: {
      summary: "Filter the reseller transactions, 10 a page, with the total",
      responses: ok(resellerTransactionsAnswer),
      query: [resellerTransactionFilterSchema],
    },
  },
  async ({ req, db }) => {
    const query = new URL(req.url).searchParams;
    const filter = resellerTransactionFilterSchema.parse({
      page: query.get("page"),
      resellerKeyword: query.get("resellerKeyword"),
      dateFrom: query.get("dateFrom"),
      dateTo: query.get("dateTo"),
    });
    return Response.json(await listResellerTransactions(db, filter));
  },
);
