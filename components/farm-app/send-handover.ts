import { send } from "@/components/account/send";
import type { HandoverAnswer, QueuedHandover } from "@/lib/handover-queue";

type Confirmed = { outcome: "confirmed" | "already_confirmed"; message: string; orderNo: string };

/** POST /api/orders/confirmByCode for one confirmation (now, or from the queue with its time). */
export async function sendHandover(
  item: Pick<QueuedHandover, "code"> & { handedOverAt?: string },
): Promise<HandoverAnswer> {
  const result = await send<Confirmed>("/api/orders/confirmByCode", {
    json: item.handedOverAt
      ? { code: item.code, handedOverAt: item.handedOverAt }
      : { code: item.code },
  });
  if (!result.ok) return { ok: false, status: result.status, message: result.message };
  const { outcome, message, orderNo } = result.data;
  return { ok: true, outcome, message, orderNo };
}
