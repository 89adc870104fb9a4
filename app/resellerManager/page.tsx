import type { Metadata } from "next";
import { AdminPage } from "@/components/admin/admin-page";
import { ResellerForm } from "@/components/admin/reseller-form";
import { ResellerList } from "@/components/admin/reseller-list";
import { Pagination } from "@/components/orders/pagination";
import { PAGE_SIZES } from "@/lib/constants";
import { resellerRegistrationLink } from "@/lib/resellers/types";
import { resellerListQuerySchema } from "@/lib/validation/resellers";
import { listResellers } from "@/server/admin/list-resellers";
import { requireAdmin } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { getEnv } from "@/server/env";

export const metadata: Metadata = { title: "Reseller Manager", robots: { index: false } };

const PATH = "/resellerManager";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// resellerManager: /resellerManager (admins only; anyone else goes to the dashboard): add a
// reseller, list them 10 a page with their registration links, edit one in a dialog
export default function ResellerManagerPage({ searchParams }: Props) {
  return (
    <AdminPage
      title="Reseller Manager"
      lead="Resellers recruit farms with their registration link, and earn their rate for each product those farms list."
      loading="Loading resellers…"
    >
      <Resellers searchParams={searchParams} />
    </AdminPage>
  );
}

async function Resellers({ searchParams }: Props) {
  await requireAdmin();
  const raw = (await searchParams).page;
  const parsed = resellerListQuerySchema.safeParse({ page: Array.isArray(raw) ? raw[0] : raw });
  const page = parsed.success ? parsed.data.page : 1;
  const { resellers, totalNum } = await listResellers(await getDb(), { page });
  const pageCount = Math.max(1, Math.ceil(totalNum / PAGE_SIZES.resellers));
  const appUrl = getEnv().APP_URL;
  const hrefFor = (n: number) => (n > 1 ? `${PATH}?page=${n}` : PATH);

  return (
    <div className="grid gap-10">
      <section
        aria-labelledby="add-reseller"
        className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
      >
        <h2 id="add-reseller" className="mb-4 text-xl font-bold text-stone-900">
          Add a reseller
        </h2>
        <ResellerForm />
      </section>
      <section aria-labelledby="reseller-list">
        <h2 id="reseller-list" className="text-xl font-bold text-stone-900">
          Resellers
        </h2>
        <p className="mt-1 mb-4 text-stone-700">
          {totalNum === 1 ? "1 reseller" : `${totalNum.toLocaleString("en-CA")} resellers`}
          {pageCount > 1 ? `, page ${page} of ${pageCount}` : null}
        </p>
        {resellers.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-stone-700">
            {totalNum > 0 ? "There's no reseller on this page." : "There's no reseller yet."}
          </p>
        ) : (
          <ResellerList
            key={page}
            label={`Resellers, page ${page} of ${pageCount}`}
            rows={resellers.map((r) => ({
              ...r,
              link: resellerRegistrationLink(appUrl, r.identifier),
            }))}
          />
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={hrefFor}
          label="Pages of resellers"
        />
      </section>
    </div>
  );
}
