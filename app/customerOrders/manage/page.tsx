import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchBox } from "@/components/catalog/search-box";
import { EmptyOrders } from "@/components/orders/empty-orders";
import {
  listHref,
  pageCountOf,
  readListParams,
  type ListSearchParams,
} from "@/components/orders/list-params";
import { Pagination } from "@/components/orders/pagination";
import { ReceivedOrdersTable } from "@/components/orders/received-orders-table";
import { PageIntro } from "@/components/static/page-intro";
import { PAGE_SIZES } from "@/lib/constants";
import { requireRole } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { listReceivedOrders } from "@/server/orders/list-received-orders";

export const metadata: Metadata = { title: "Customer Orders", robots: { index: false } };

const PATH = "/customerOrders/manage";

type Props = { searchParams: Promise<ListSearchParams> };

// manageCustomerOrders: /customerOrders/manage (merchants only; a visitor goes to login, anyone else
// to the dashboard): search, 10 lines a page, the customer contact modal, inline status change
export default function ManageCustomerOrdersPage({ searchParams }: Props) {
  return (
    <>
      <PageIntro
        eyebrow="Your farm"
        title="Customer Orders"
        lead="The orders customers placed with you. Keep each line's status up to date so they know when to come by."
      />
      <div className="container-page py-8 sm:py-12">
        {/* A full load, not a client navigation: a document keeps the Permissions-Policy it was
            loaded with, and only the scanner's own allows the camera (decision 0054). */}
        <a
          href="/customerOrders/scan"
          className="text-leaf-800 mb-6 inline-block font-semibold underline underline-offset-4"
        >
          Scan a customer&rsquo;s code
        </a>
        <Suspense fallback={<p className="text-stone-600">Loading your orders…</p>}>
          <ReceivedOrders searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function ReceivedOrders({ searchParams }: Props) {
  const { page, keyword } = readListParams(await searchParams);
  const member = await requireRole(listHref(PATH, page, keyword), "merchant");
  const { results, count } = await listReceivedOrders(await getDb(), {
    merchantId: member.id,
    page,
    perPage: PAGE_SIZES.orders,
    keyword,
  });
  const pageCount = pageCountOf(count);

  return (
    <>
      <SearchBox
        action={PATH}
        label="Search your orders"
        placeholder="Order number, product, customer name or email"
        defaultValue={keyword}
        className="max-w-2xl"
      />
      <p className="mt-6 mb-3 text-stone-700" aria-live="polite">
        {count === 1 ? "1 order line" : `${count.toLocaleString("en-CA")} order lines`}
        {keyword ? <> matching &ldquo;{keyword}&rdquo;</> : null}
        {pageCount > 1 ? `, page ${page} of ${pageCount}` : null}
      </p>
      {results.length === 0 ? (
        <EmptyOrders text={emptyText(count, keyword)} />
      ) : (
        <ReceivedOrdersTable
          key={`${page}:${keyword}`}
          rows={results}
          caption={`Received orders, page ${page} of ${pageCount}`}
        />
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => listHref(PATH, n, keyword)}
        label="Pages of received orders"
      />
    </>
  );
}

function emptyText(count: number, keyword: string): string {
  if (count > 0) return "There's no order on this page.";
  return keyword ? "There's no order with that keyword." : "Hang tight! There's no order yet.";
}
