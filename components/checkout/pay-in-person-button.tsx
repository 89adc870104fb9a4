"use client";

import { HandCoins } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { send } from "@/components/account/send";
import { Button } from "@/components/ui/button";
import type { Delivery } from "@/lib/validation/checkout";

type Props = {
  /** Made when the preview rendered: every retry of this checkout sends the same one. */
  checkoutKey: string;
  delivery: Delivery;
  /** The lines the customer is looking at; the server refuses the order if the cart changed since. */
  items: { pKey: string; qty: number; unitPriceCents: number }[];
  disabled?: boolean;
};

type Placed = { orderNo: string; orderId: number };

/**
 * Pay in Person (spec part 1 section 4: "posts a confirmation and then goes to the confirmation
 * page"). Disabled while the call runs and after it succeeded; a failure is announced and the
 * button can be pressed again, with the same checkout key, so a retry never places a second order.
 */
export function PayInPersonButton({ checkoutKey, delivery, items, disabled = false }: Props) {
  const router = useRouter();
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setState("busy");
    setError(null);
    const result = await send<Placed>("/api/checkout/inPerson", {
      json: { checkoutKey, delivery, items },
    });
    if (result.ok) {
      setState("done");
      // Replace: Back from the confirmation must not show this preview of an order already placed.
      router.replace(
        `/checkout/payment/in_person/completed/${encodeURIComponent(result.data.orderNo)}`,
      );
      return;
    }
    setState("idle");
    const details = Object.values(result.fieldErrors);
    setError(details.length > 0 ? `${result.message} ${details.join(" ")}` : result.message);
  }

  const busy = state !== "idle";
  return (
    <div className="flex flex-col gap-3">
      <Button
        size="lg"
        onClick={() => void pay()}
        disabled={disabled || busy}
        aria-busy={busy}
        className="w-full sm:w-auto"
      >
        <HandCoins aria-hidden />
        {busy ? "Processing ..." : "Pay in Person"}
      </Button>
      <p role="alert" className="text-tomato-600 text-sm font-medium empty:hidden">
        {error ?? ""}
      </p>
    </div>
  );
}
