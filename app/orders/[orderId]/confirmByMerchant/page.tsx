import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ConfirmHandover, ConfirmProblem } from "@/components/orders/confirm-handover";
import { requireRole } from "@/server/auth/guards";
import { INVALID_CODE_MESSAGE, OTHER_FARM_MESSAGE } from "@/server/orders/confirm-by-merchant";
import { verifyHandoverToken } from "@/server/orders/handover-code";

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
  return <ConfirmHandover orderId={orderId} token={token} />;
}
