import { QrCode } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
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
import { PlacedOrdersTable } from "@/components/orders/placed-orders-table";
import { PageIntro } from "@/components/static/page-intro";
import { PAGE_SIZES } from "@/lib/constants";
import { requireRole } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { listPlacedOrders } from "@/server/orders/list-placed-orders";
import { orderPickupViews } from "@/server/pickup/order-pickups";

export const metadata: Metadata = { title: "My Purchases", robots: { index: false } };

const PATH = "/myOrders/manage";

type Props = { searchParams: Promise<ListSearchParams> };

// manageMyOrders: /myOrders/manage, "My Purchases" (every member but admins; a visitor goes to
// login): search, 10 lines a page, the farmer contact modal, the order modal with cancel
export default function ManageMyOrdersPage({ searchParams }: Props) {
  return (
    <>
      <PageIntro
        eyebrow="Your account"
        title="My Purchases"
        lead="Follow your orders, reach the farmers, and show each farmer your order's QR code when you get your items."
      />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<p className="text-stone-600">Loading your purchases…</p>}>
          <PlacedOrders searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function PlacedOrders({ searchParams }: Props) {
  const { page, keyword } = readListParams(await searchParams);
  const member = await requireRole(listHref(PATH, page, keyword), ["customer", "merchant"]);
  const db = await getDb();
  const { results, count } = await listPlacedOrders(db, {
    customerId: member.id,
    page,
    perPage: PAGE_SIZES.orders,
    keyword,
  });
  // The page's pickup windows in one statement (decision 0050), not one per row.
  const pickups = await orderPickupViews(db, [...new Set(results.map((row) => row.orderId))]);
  const pageCount = pageCountOf(count);

  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <SearchBox
          action={PATH}
          label="Search your purchases"
          placeholder="Order number, product or farmer"
          defaultValue={keyword}
          className="max-w-2xl"
        />
        <Link
          href="/orders/ready"
          className="text-leaf-800 inline-flex items-center gap-2 font-semibold underline underline-offset-4"
        >
          <QrCode aria-hidden className="size-5" />
          Orders ready for pickup or on their way
        </Link>
      </div>
      <p className="mt-6 mb-3 text-stone-700" aria-live="polite">
        {count === 1 ? "1 item" : `${count.toLocaleString("en-CA")} items`}
        {keyword ? <> matching &ldquo;{keyword}&rdquo;</> : null}
        {pageCount > 1 ? `, page ${page} of ${pageCount}` : null}
      </p>
      {results.length === 0 ? (
        <EmptyOrders
          text={
            count > 0
              ? "There's no order on this page."
              : keyword
                ? "There's no order with that keyword."
                : "You don't have any orders yet."
          }
        >
          {count === 0 && !keyword ? (
            <Link href="/" className="text-leaf-800 font-semibold underline underline-offset-4">
              Find something fresh
            </Link>
          ) : null}
        </EmptyOrders>
      ) : (
        <PlacedOrdersTable
          key={`${page}:${keyword}`}
          rows={results}
          pickups={pickups}
          caption={`Your purchases, page ${page} of ${pageCount}`}
        />
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => listHref(PATH, n, keyword)}
        label="Pages of your purchases"
      />
    </>
  );
}
