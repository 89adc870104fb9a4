import type { Status } from "./use-cart-list";

/** The answer of the last change, read out by screen readers. */
export function StatusLine({ status }: { status: Status | null }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={
        status?.ok === false ? "text-tomato-600 text-sm font-medium" : "text-leaf-800 text-sm"
      }
    >
      {status?.text ?? ""}
    </p>
  );
}

/** Shown once after items of permanently removed products were taken out. */
export function DroppedNote({ count }: { count: number }) {
  return (
    <p
      role="note"
      className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700"
    >
      {count === 1
        ? "1 item was taken out because its product is no longer sold."
        : `${count} items were taken out because their products are no longer sold.`}
    </p>
  );
}
