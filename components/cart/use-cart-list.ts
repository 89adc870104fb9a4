import { useCallback, useEffect, useState } from "react";
import { send } from "@/components/account/send";
import type { CartItem, CartKind, CartList } from "@/lib/cart/types";
import { announceCount } from "./cart-events";

type Change = { message: string; item: CartItem; count: number };
type Removal = { message: string; count: number };
type Move = Change & { dreamtrackerCount: number };

export type Status = { ok: boolean; text: string };

/**
 * The cart page's and the dream tracker page's list: the items the server rendered, kept in step
 * with the API (quantity, remove, move to the other list). Each answer's message goes to a live region and
 * its count to the header badges. One call per item at a time.
 */
export function useCartList(kind: CartKind, initial: CartList, signedIn: boolean) {
  const [items, setItems] = useState(initial.items);
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  const run = useCallback(
    async <T>(pKey: string, call: () => ReturnType<typeof send<T>>, apply: (data: T) => void) => {
      setPending(pKey);
      setStatus(null);
      const result = await call();
      setPending(null);
      if (result.ok) {
        apply(result.data);
        setStatus({ ok: true, text: (result.data as { message: string }).message });
      } else {
        setStatus({ ok: false, text: Object.values(result.fieldErrors)[0] ?? result.message });
      }
    },
    [],
  );

  // The server dropped items of permanently removed products. A member's rows are gone already; a
  // visitor's cookies can only be expired by an API answer, so the list is asked for once more.
  const { dropped } = initial;
  useEffect(() => {
    if (dropped > 0 && !signedIn)
      void fetch(`/api/${kind}`, { credentials: "same-origin" }).catch(() => undefined);
  }, [dropped, signedIn, kind]);

  const url = (pKey: string) => `/api/${kind}/${encodeURIComponent(pKey)}`;

  const setQty = (pKey: string, qty: number) =>
    run<Change>(
      pKey,
      () => send<Change>(url(pKey), { method: "PATCH", json: { qty } }),
      (data) => {
        setItems((list) => list.map((item) => (item.p_key === pKey ? data.item : item)));
      },
    );

  const remove = (pKey: string) =>
    run<Removal>(
      pKey,
      () => send<Removal>(url(pKey), { method: "DELETE" }),
      (data) => {
        setItems((list) => list.filter((item) => item.p_key !== pKey));
        announceCount(kind, data.count);
      },
    );

  /** To the other list: the cart's items to the dream tracker, the dream tracker's to the cart. */
  const move = (pKey: string) =>
    run<Move>(
      pKey,
      () =>
        send<Move>(`${url(pKey)}/${kind === "cart" ? "moveToDreamTracker" : "moveToCart"}`, {
          method: "POST",
        }),
      (data) => {
        setItems((list) => list.filter((item) => item.p_key !== pKey));
        announceCount("cart", data.count);
        announceCount("dreamtracker", data.dreamtrackerCount);
      },
    );

  return { items, pending, status, setQty, remove, move };
}
