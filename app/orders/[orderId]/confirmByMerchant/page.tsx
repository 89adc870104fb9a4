import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { PickupList } from "@/components/checkout/delivery-summary";
import {
  ConfirmHandover,
  ConfirmProblem,
  HandoverClosed,
  LinkIsForTheFarm,
} from "@/components/orders/confirm-handover";
import { requireRole } from "@/server/auth/guards";
import { getSessionMember } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { INVALID_CODE_MESSAGE, OTHER_FARM_MESSAGE } from "@/server/orders/confirm-by-merchant";
import { getHandoverState } from "@/server/orders/get-handover-state";
import { verifyHandoverToken } from "@/server/orders/handover-code";
import { orderPickupViews } from "@/server/pickup/order-pickups";

export const metadata: Metadata = {
  title: "Confirm the handover",
  robots: { index: false },
  referrer: "no-referrer",
};

type Params = { orderId: string };
type Query = Record<string, string | string[] | undefined>;
type Props = { params: Promise<Params>; searchParams: Promise<Query> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// orderConfirmByMerchant: /orders/{orderId}/confirmByMerchant?m={merchantId}&t={token}, opened by
// scanning the customer's QR code (signed-in farmers; a visitor goes to login and comes back here)
export default function ConfirmByMerchantPage({ params, searchParams }: Props) {
  return (
    <div className="container-page max-w-2xl py-10 sm:py-14">
      <h1 className="mb-6 text-3xl font-extrabold">Confirm the handover</h1>
      <Suspense fallback={<p className="text-stone-600">Checking the code…</p>}>
        <Confirm params={params} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function Confirm({ params, searchParams }: Props) {
  const [{ orderId: rawOrderId }, query] = await Promise.all([params, searchParams]);
  const merchantParam = first(query.m);
  const token = first(query.t);
  // A customer who opens the farm's link (their own QR code, scanned) is told what it is for
  // rather than sent to the dashboard without a word.
  const signedIn = await getSessionMember();
  if (signedIn && signedIn.memberType !== "merchant") return <LinkIsForTheFarm />;
  const back = new URLSearchParams();
  if (merchantParam) back.set("m", merchantParam);
  if (token) back.set("t", token);
  const member = await requireRole(
    `/orders/${encodeURIComponent(rawOrderId)}/confirmByMerchant${back.size ? `?${back}` : ""}`,
    "merchant",
  );

  if (!/^[1-9]\d{0,9}$/.test(rawOrderId)) notFound();
  const orderId = Number(rawOrderId);
  // Checked here for a clear page at once; the confirm call checks the token again.
  if (token !== undefined) {
    if (merchantParam !== String(member.id)) return <ConfirmProblem message={OTHER_FARM_MESSAGE} />;
    if (!verifyHandoverToken(orderId, member.id, token))
      return <ConfirmProblem message={INVALID_CODE_MESSAGE} />;
  }
  // Nothing left to hand over (every line cancelled or refunded): say so plainly, nothing to retry.
  const db = await getDb();
  const handover = await getHandoverState(db, { orderId, merchantId: member.id });
  if (handover.state === "closed")
    return <HandoverClosed orderNo={handover.orderNo} refunded={handover.refunded} />;
  // The window the customer chose at this farm, so the farm sees they came at the right time
  // (read only for an order this farm has lines in: an id past the column's range never reaches it).
  const mine =
    handover.state === "missing"
      ? []
      : (await orderPickupViews(db, [orderId])).filter((p) => p.merchantId === member.id);
  return (
    <>
      {mine.length > 0 ? <PickupList pickups={mine} /> : null}
      <ConfirmHandover orderId={orderId} token={token} />
    </>
  );
}
