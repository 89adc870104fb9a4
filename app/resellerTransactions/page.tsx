import type { Metadata } from "next";
import { AdminPage } from "@/components/admin/admin-page";
import { ResellerTransactionsFilter } from "@/components/admin/reseller-transactions-filter";
import { transactionsHref, type FilterValues } from "@/components/admin/reseller-transactions-href";
import { ResellerTransactionsTable } from "@/components/admin/reseller-transactions-table";
import { Pagination } from "@/components/orders/pagination";
import { PAGE_SIZES } from "@/lib/constants";
import { resellerTransactionFilterSchema } from "@/lib/validation/resellers";
import { listResellerTransactions } from "@/server/admin/list-reseller-transactions";
import { requireAdmin } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";

export const metadata: Metadata = { title: "Reseller Transactions", robots: { index: false } };

const PATH = "/resellerTransactions";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// resellerTransactions: /resellerTransactions (admins only; anyone else goes to the dashboard):
// filter by reseller email and date range, 10 a page, select rows and mark them paid
export default function ResellerTransactionsPage({ searchParams }: Props) {
  return (
    <AdminPage
      title="Reseller Transactions"
      lead="One transaction for each product a recruited farm lists, at its reseller's rate. Mark them paid once the reseller is paid."
      loading="Loading transactions…"
    >
      <Transactions searchParams={searchParams} />
    </AdminPage>
  );
}

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? "";

async function Transactions({ searchParams }: Props) {
  await requireAdmin();
  const params = await searchParams;
  const values: FilterValues = {
    resellerKeyword: first(params.resellerKeyword),
    dateFrom: first(params.dateFrom),
    dateTo: first(params.dateTo),
  };
  const parsed = resellerTransactionFilterSchema.safeParse({ ...values, page: first(params.page) });
  const errors: Partial<Record<keyof FilterValues, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof FilterValues;
      errors[field] ??= issue.message;
    }
  const filterIsValid = !(errors.resellerKeyword || errors.dateFrom || errors.dateTo);
  // A bad page number in a hand-edited address shows page 1 rather than an error.
  const filter = parsed.success
    ? parsed.data
    : filterIsValid
      ? resellerTransactionFilterSchema.parse({ ...values, page: 1 })
      : null;

  const list = filter ? await listResellerTransactions(await getDb(), filter) : null;
  const page = filter?.page ?? 1;
  const total = list?.transTotalNum ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZES.resellerTransactions));
  const filtered = Boolean(values.resellerKeyword || values.dateFrom || values.dateTo);

  return (
    <div className="grid gap-6">
      <ResellerTransactionsFilter
        key={transactionsHref(PATH, values)}
        path={PATH}
        values={values}
        errors={errors}
      />
      {list ? (
        <section aria-labelledby="transactions-heading" className="grid gap-4">
          <h2 id="transactions-heading" className="text-xl font-bold text-stone-900">
            Transactions
          </h2>
          <p className="text-stone-700" aria-live="polite">
            {total === 1 ? "1 transaction" : `${total.toLocaleString("en-CA")} transactions`}
            {filtered ? " matching the filter" : null}
            {pageCount > 1 ? `, page ${page} of ${pageCount}` : null}
          </p>
          {list.transactions.data.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-stone-700">
              {total > 0
                ? "There's no transaction on this page."
                : filtered
                  ? "There's no transaction matching the filter."
                  : "There's no transaction yet."}
            </p>
          ) : (
            <ResellerTransactionsTable
              key={`${transactionsHref(PATH, values, page)}`}
              rows={list.transactions.data}
              caption={`Reseller transactions, page ${page} of ${pageCount}`}
            />
          )}
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(n) => transactionsHref(PATH, values, n)}
            label="Pages of reseller transactions"
          />
        </section>
      ) : null}
    </div>
  );
}
