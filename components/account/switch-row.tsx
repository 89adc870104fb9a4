"use client";

import type { ReactNode } from "react";
import { SwitchFrame } from "@/components/forms/switch-frame";
import { useHydrated } from "@/components/layout/use-hydrated";

/**
 * A labelled on/off switch with an optional description and error: a native checkbox with the
 * switch role, named by its row's label, the product form's SwitchField made controlled. (Radix's
 * Switch added a hidden, unnamed checkbox beside each switch in a form: the two in Checkout Options
 * were the "unnamed checkboxes" of issue 42, item 15.) Disabled until the page has hydrated: a tap
 * before that would flip the box and then be undone by React.
 */
export function SwitchRow({
  id,
  label,
  description,
  error,
  checked,
  disabled,
  onCheckedChange,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  error?: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const hydrated = useHydrated();
  return (
    <SwitchFrame id={id} label={label} description={description} error={error} disabled={disabled}>
      {(a11y) => (
        <span className="relative inline-flex shrink-0">
          {/* The box itself lies over the drawn switch (transparent), so a tap lands on it. */}
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={checked}
            disabled={disabled || !hydrated}
            onChange={(event) => onCheckedChange(event.target.checked)}
            {...a11y}
            className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
          />
          <span
            aria-hidden
            className="peer-checked:bg-leaf-700 peer-focus-visible:outline-leaf-700 h-7 w-12 rounded-full bg-stone-400 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-disabled:opacity-55"
          />
          <span
            aria-hidden
            className="absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      )}
    </SwitchFrame>
  );
}
