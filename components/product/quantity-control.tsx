"use client";

import { clsx } from "clsx";
import { Minus, Plus } from "lucide-react";
import { useId, useState } from "react";
import { QUANTITY_MAX, QUANTITY_MIN } from "@/lib/constants";

/**
 * A whole number within QUANTITY_MIN..`max` (QUANTITY_MAX unless less is left); anything
 * unreadable becomes the minimum.
 */
export function clampQuantity(value: number, max: number = QUANTITY_MAX): number {
  if (!Number.isFinite(value)) return QUANTITY_MIN;
  return Math.min(max, Math.max(QUANTITY_MIN, Math.trunc(value)));
}

const stepButton =
  "inline-flex size-11 shrink-0 items-center justify-center text-stone-700 transition-colors hover:bg-leaf-50 hover:text-leaf-800 disabled:pointer-events-none disabled:opacity-45";

/**
 * Minus, a number box and plus (spec part 1 section 5 "Quantity": never below 1; disabled when
 * the product is out of stock), never above `max` (what is left of a limited product). The box
 * may be typed in; it settles within the limits on blur.
 */
export function QuantityControl({
  value,
  onChange,
  disabled = false,
  label = "Quantity",
  max: left,
}: {
  value: number;
  onChange: (qty: number) => void;
  disabled?: boolean;
  label?: string;
  /** The most that can be bought now; QUANTITY_MAX when unlimited. */
  max?: number | undefined;
}) {
  const inputId = useId();
  const max = Math.max(QUANTITY_MIN, Math.min(QUANTITY_MAX, left ?? QUANTITY_MAX));
  // What the box shows while someone types ("" or "12"); the quantity itself is always valid.
  const [draft, setDraft] = useState<string | null>(null);

  function commit(next: number) {
    setDraft(null);
    onChange(clampQuantity(next, max));
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <div
        className={clsx(
          "inline-flex w-fit items-stretch overflow-hidden rounded-full border border-stone-300 shadow-sm",
          disabled ? "bg-stone-100" : "bg-white",
        )}
      >
        <button
          type="button"
          className={stepButton}
          aria-label="Decrease quantity"
          disabled={disabled || value <= QUANTITY_MIN}
          onClick={() => commit(value - 1)}
        >
          <Minus aria-hidden className="size-4" />
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={QUANTITY_MIN}
          max={max}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const typed = Number(text);
            if (text !== "" && Number.isInteger(typed) && typed >= QUANTITY_MIN && typed <= max)
              onChange(typed);
          }}
          onBlur={() => {
            if (draft !== null) commit(draft === "" ? QUANTITY_MIN : Number(draft));
          }}
          className="focus-visible:bg-leaf-50 w-16 [appearance:textfield] border-x border-stone-200 bg-transparent text-center text-base font-semibold text-stone-900 tabular-nums outline-none disabled:text-stone-500 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={stepButton}
          aria-label="Increase quantity"
          disabled={disabled || value >= max}
          onClick={() => commit(value + 1)}
        >
          <Plus aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
