import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { EmptyOrders } from "@/components/orders/empty-orders";
import { HandoverQr } from "@/components/orders/handover-qr";
import { PickupList } from "@/components/checkout/delivery-summary";
import { orderPickupViews, type OrderPickupView } from "@/server/pickup/order-pickups";
import {
  listHref,
  pageCountOf,
  readListParams,
  type ListSearchParams,
} from "@/components/orders/list-params";
import { formatOrderDate } from "@/components/orders/order-date";
import { Pagination } from "@/components/orders/pagination";
import { StatusBadge } from "@/components/orders/status-badge";
import { PageIntro } from "@/components/static/page-intro";
import type { OrderDetail } from "@/lib/orders/types";
import { requireRole } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { listReadyOrders } from "@/server/orders/list-ready-orders";

export const metadata: Metadata = { title: "Orders ready for you", robots: { index: false } };

const PATH = "/orders/ready";

type Props = { searchParams: Promise<ListSearchParams> };

// orderReady: /orders/ready (signed-in members but admins): the member's orders with a line ready
// for pickup or on its way, each with a handover QR code per farmer, 10 orders a page
export default function OrdersReadyPage({ searchParams }: Props) {
  return (
    <>
      <PageIntro
        eyebrow="My Purchases"
        title="Ready for you"
        lead="Orders ready for pickup or on their way. When you get your items, the farmer scans your QR code to confirm the handover."
      />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<p className="text-stone-600">Loading your orders…</p>}>
          <ReadyOrders searchParams={searchParams} />
        </Suspense>
      </div>
    </>
  );
}

async function ReadyOrders({ searchParams }: Props) {
  const { page } = readListParams(await searchParams);
  const member = await requireRole(listHref(PATH, page, ""), ["customer", "merchant"]);
  const db = await getDb();
  const { orders, count } = await listReadyOrders(db, { customerId: member.id, page });
  // The page's pickup windows in one statement (decision 0050), not one per order.
  const pickups = await orderPickupViews(
    db,
    orders.map((order) => order.orderId),
  );

  if (orders.length === 0) {
    return (
      <EmptyOrders
        text={count > 0 ? "There's no order on this page." : "None of your orders is ready yet."}
      >
        <Link
          href="/myOrders/manage"
          className="text-leaf-800 font-semibold underline underline-offset-4"
        >
          Back to My Purchases
        </Link>
      </EmptyOrders>
    );
  }
  return (
    <>
      <div className="flex flex-col gap-6">
        {orders.map((order) => (
          <ReadyOrder
            key={order.orderId}
            order={order}
            pickups={pickups.filter((p) => p.orderId === order.orderId)}
          />
        ))}
      </div>
      <Pagination
        page={page}
        pageCount={pageCountOf(count)}
        hrefFor={(n) => listHref(PATH, n, "")}
        label="Pages of ready orders"
      />
    </>
  );
}

function ReadyOrder({ order, pickups }: { order: OrderDetail; pickups: OrderPickupView[] }) {
  const headingId = `ready-order-${order.orderId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        Order <span className="font-mono">{order.orderNo}</span>
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Purchased <time dateTime={order.purchasedDate}>{formatOrderDate(order.purchasedDate)}</time>
      </p>
      <ul
        aria-label={`Items in order ${order.orderNo}`}
        className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200"
      >
        {order.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <p className="min-w-0">
              <span className="font-semibold text-stone-900">{line.productName}</span>{" "}
              <span className="text-stone-700">× {line.quantity}</span>
              <span className="block text-sm text-stone-600">
                {line.merchantName} · {line.orderMethod === "delivery" ? "Delivery" : "Pickup"}
              </span>
            </p>
            <StatusBadge status={line.status} />
          </li>
        ))}
      </ul>
      {pickups.length > 0 ? <PickupList pickups={pickups} /> : null}
      {order.handovers.length > 0 ? (
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {order.handovers.map((code) => (
            <HandoverQr key={code.merchantId} code={code} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
