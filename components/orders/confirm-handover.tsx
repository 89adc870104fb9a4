"use client";

import { CircleCheck } from "lucide-react";
import Image from "next/image";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { send } from "@/components/account/send";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";
import type { ConfirmedLine } from "@/lib/orders/types";

/** The spec's heading for a failed confirm, shown with the server's message (part 2 section 8). */
export const CONFIRM_ERROR = "Uh oh.. Something went wrong.";

/** The payout a card order's handover released (POST /api/orders/confirmByMerchant `payout`). */
type Payout = {
  status: "paid" | "owed";
  amount: string;
  currency: "CAD" | "USD";
  reason: string | null;
};

type State =
  | { step: "loading" }
  | { step: "done"; lines: ConfirmedLine[]; payout: Payout | null }
  | { step: "error"; message: string; canRetry: boolean }
  | { step: "closed" };

/**
 * orderConfirmByMerchant: confirms the handover on load (POST /api/orders/confirmByMerchant with the
 * code's token; confirming again changes nothing), then shows the farmer's confirmed lines.
 */
export function ConfirmHandover({
  orderId,
  token,
}: {
  orderId: number;
  token: string | undefined;
}) {
  const [state, setState] = useState<State>({ step: "loading" });
  const started = useRef(false);

  const confirm = useCallback(async () => {
    setState({ step: "loading" });
    const result = await send<{ results: ConfirmedLine[]; payout: Payout | null }>(
      "/api/orders/confirmByMerchant",
      {
        json: token ? { orderId, t: token } : { orderId },
      },
    );
    if (result.ok)
      return setState({
        step: "done",
        lines: result.data.results,
        payout: result.data.payout ?? null,
      });
    // 409: the farmer's items were cancelled (or refunded) between the page and the call.
    if (result.status === 409) return setState({ step: "closed" });
    // Only a lost connection or a server fault can go better on a second try.
    setState({
      step: "error",
      message: result.message,
      canRetry: result.status === 0 || result.status >= 500,
    });
  }, [orderId, token]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void confirm();
  }, [confirm]);

  if (state.step === "loading") {
    return (
      <p role="status" className="flex items-center gap-3 text-stone-700">
        <span
          aria-hidden
          className="border-leaf-600 size-5 animate-spin rounded-full border-2 border-t-transparent"
        />
        Confirming the handover…
      </p>
    );
  }
  if (state.step === "closed") return <HandoverClosed />;
  if (state.step === "error")
    return (
      <ConfirmProblem
        message={state.message}
        onRetry={state.canRetry ? () => void confirm() : undefined}
      />
    );

  return (
    <div className="grid gap-5">
      <div role="status" className="flex items-start gap-3">
        <CircleCheck aria-hidden className="text-leaf-700 size-8 shrink-0" strokeWidth={1.75} />
        <div>
          <h2 className="text-xl font-bold text-stone-900">Handover confirmed</h2>
          <p className="text-stone-700">These items are marked as received by the customer.</p>
          {state.payout ? <PayoutNote payout={state.payout} /> : null}
        </div>
      </div>
      <ul
        aria-label="Confirmed items"
        className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
      >
        {state.lines.map((line) => (
          <li key={line.order_id} className="flex items-center gap-3 p-3">
            <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-stone-100">
              {line.product_image ? (
                <Image
                  src={line.product_image}
                  alt=""
                  width={56}
                  height={56}
                  unoptimized
                  className="size-full object-cover"
                />
              ) : null}
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">{line.product_name}</p>
              <p className="text-sm text-stone-600">
                {formatMoney(Math.round(Number(line.unit_price) * 100), line.currency)} × {line.qty}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Link
        href="/customerOrders/manage"
        className="text-leaf-800 font-semibold underline underline-offset-4"
      >
        Back to Customer Orders
      </Link>
    </div>
  );
}

/** What the farmer is paid for a card order: sent, or owed with the reason. */
function PayoutNote({ payout }: { payout: Payout }) {
  const amount = formatMoney(Math.round(Number(payout.amount) * 100), payout.currency);
  return payout.status === "paid" ? (
    <p className="text-leaf-800 mt-1 font-semibold">
      {amount} is on its way to your payout account.
    </p>
  ) : (
    <p className="mt-1 text-stone-800">
      {amount} is owed to you. {payout.reason}
    </p>
  );
}

/** 'Uh oh.. Something went wrong.' with the reason. */
export function ConfirmProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="grid gap-3">
      <h2 className="text-tomato-600 text-xl font-bold">{CONFIRM_ERROR}</h2>
      <p className="text-stone-800">{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} className="self-start">
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A farmer's link to an order with nothing left to hand over: every one of their lines was
 * cancelled or refunded. A plain statement, not an error: there is nothing to retry.
 */
export function HandoverClosed({ orderNo, refunded }: { orderNo?: string; refunded?: boolean }) {
  return (
    <div role="status" className="grid gap-3">
      <h2 className="text-xl font-bold text-stone-900">Nothing to hand over</h2>
      <p className="text-stone-800">
        Your items in {orderNo ? `order ${orderNo}` : "this order"} were cancelled
        {refunded ? " and refunded to the customer" : ""}, so there is nothing to confirm and no
        payment to expect for them.
      </p>
      <Link
        href="/customerOrders/manage"
        className="text-leaf-800 self-start font-semibold underline underline-offset-4"
      >
        Back to Customer Orders
      </Link>
    </div>
  );
}

/** A customer (or admin) on a farmer's confirm link: what the link is for, and where to go. */
export function LinkIsForTheFarm() {
  return (
    <div role="status" className="grid gap-3">
      <h2 className="text-xl font-bold text-stone-900">This link is for the farm</h2>
      <p className="text-stone-800">
        The farmer opens it, signed in to their farm&rsquo;s account, by scanning your order&rsquo;s
        QR code when you get your items. There is nothing for you to do here.
      </p>
      <Link
        href="/myOrders/manage"
        className="text-leaf-800 self-start font-semibold underline underline-offset-4"
      >
        Go to My Purchases
      </Link>
    </div>
  );
}
