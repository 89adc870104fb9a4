"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { send } from "@/components/account/send";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import type { OrderDetail } from "@/lib/orders/types";
import { HandoverQr } from "./handover-qr";
import { formatOrderDate } from "./order-date";
import { StatusBadge } from "./status-badge";

/** The spec's texts for a failed cancel (part 2 section 8, "Cancel"). */
export const CANCEL_ERROR = "Oops, Something went wrong...";
export const REFUNDED_ERROR = "The order has already been refunded.";

/** Why Cancel Order is off: the spec's refunded text first, then a cancelled order, then timing. */
export function cancelNote(lines: readonly { status: string }[]): string {
  if (lines.some((line) => line.status === "refunded")) return REFUNDED_ERROR;
  if (lines.every((line) => line.status === "cancelled")) return "This order is cancelled.";
  if (lines.some((line) => line.status === "cancelled"))
    return "A farmer has cancelled part of this order; the rest can no longer be cancelled here.";
  return "An order can be cancelled only until a farmer starts on it.";
}

/** What the customer reads when a cancel fails: the refunded case in the spec's words. */
export function cancelErrorText(serverMessage: string): string {
  return serverMessage.includes("has already been refunded.") ? REFUNDED_ERROR : CANCEL_ERROR;
}

type Load =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "ready"; order: OrderDetail };

/**
 * The order modal of My Purchases: every line of the order with its status, a handover QR code per
 * farmer with lines still to hand over, and Cancel, enabled only when every line qualifies; a cancel
 * asks once more before it posts. The order is read from GET /api/orders/{orderNo}/view when the
 * modal opens, so lines on other pages of the list are there too.
 */
export function OrderDialog({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  return (
    <Dialog open={orderNo !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {orderNo ? (
        <DialogContent
          title={`Order ${orderNo}`}
          className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
        >
          <OrderBody key={orderNo} orderNo={orderNo} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function OrderBody({ orderNo }: { orderNo: string }) {
  const router = useRouter();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [version, setVersion] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; detail: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void send<{ order: OrderDetail }>(`/api/orders/${encodeURIComponent(orderNo)}/view`, {
      method: "GET",
    }).then((result) => {
      if (!live) return;
      setLoad(
        result.ok
          ? { state: "ready", order: result.data.order }
          : { state: "error", message: result.message },
      );
    });
    return () => {
      live = false;
    };
  }, [orderNo, version]);

  async function cancel() {
    setBusy(true);
    setError(null);
    const result = await send<{ orderNo: string; message: string }>(
      `/api/orders/${encodeURIComponent(orderNo)}/cancel`,
      {},
    );
    setBusy(false);
    setConfirming(false);
    if (result.ok) {
      setNotice(result.data.message);
      setVersion((v) => v + 1);
      router.refresh();
    } else {
      setError({ text: cancelErrorText(result.message), detail: result.message });
    }
  }

  if (load.state === "loading") return <p className="mt-4 text-stone-600">Loading the order…</p>;
  if (load.state === "error") {
    return (
      <p role="alert" className="text-tomato-600 mt-4 font-medium">
        {load.message}
      </p>
    );
  }
  const { order } = load;
  const canCancel = order.qualifiedToCancel === 1;

  return (
    <div className="mt-2">
      <p className="text-stone-700">
        Purchased <time dateTime={order.purchasedDate}>{formatOrderDate(order.purchasedDate)}</time>{" "}
        · Total ${order.total} {order.currency} ·{" "}
        {order.paymentType === "card" ? "Paid by card" : "Pay in person"}
      </p>

      <ul
        aria-label={`Items in order ${order.orderNo}`}
        className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200"
      >
        {order.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                {line.productUrl ? (
                  <a
                    href={line.productUrl}
                    className="hover:text-leaf-800 underline-offset-4 hover:underline"
                  >
                    {line.productName}
                  </a>
                ) : (
                  line.productName
                )}{" "}
                <span className="font-normal text-stone-700">× {line.quantity}</span>
              </p>
              <p className="text-sm text-stone-600">
                {line.merchantName} · {line.orderMethod === "delivery" ? "Delivery" : "Pickup"} · $
                {line.unitPrice} each
              </p>
            </div>
            <StatusBadge status={line.status} />
          </li>
        ))}
      </ul>

      {order.handovers.length > 0 ? (
        <section aria-labelledby={`handover-${order.orderId}`} className="mt-6">
          <h3 id={`handover-${order.orderId}`} className="text-base font-bold text-stone-900">
            Handover QR codes
          </h3>
          <p className="mt-1 text-sm text-stone-700">
            Each farmer scans their code when you get your items.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {order.handovers.map((code) => (
              <HandoverQr key={code.merchantId} code={code} />
            ))}
          </div>
        </section>
      ) : null}

      <div className="mt-6 border-t border-stone-200 pt-4">
        <p role="status" className="text-leaf-800 mb-3 font-medium empty:hidden">
          {notice ?? ""}
        </p>
        <div role="alert" className="empty:hidden">
          {error ? (
            <div className="mb-3">
              <p className="text-tomato-600 font-semibold">{error.text}</p>
              {error.text === CANCEL_ERROR ? (
                <p className="text-sm text-stone-700">{error.detail}</p>
              ) : null}
            </div>
          ) : null}
        </div>
        {confirming ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <p className="font-medium text-stone-900">Cancel the whole order {order.orderNo}?</p>
            <div className="flex gap-2">
              <Button
                variant="primary"
                className="bg-tomato-600 hover:bg-tomato-600/90"
                onClick={() => void cancel()}
                disabled={busy}
                aria-busy={busy}
              >
                {busy ? "Cancelling…" : "Yes, cancel the order"}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
                Keep the order
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button
              variant="secondary"
              onClick={() => setConfirming(true)}
              disabled={!canCancel}
              aria-describedby={canCancel ? undefined : `cancel-note-${order.orderId}`}
            >
              Cancel Order
            </Button>
            {canCancel ? null : (
              <p id={`cancel-note-${order.orderId}`} className="text-sm text-stone-600">
                {cancelNote(order.lines)}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
