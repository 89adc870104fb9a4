"use client";

import { Switch } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A labelled on/off switch with an optional description and error (Radix Switch: role="switch"). */
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
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label
          htmlFor={id}
          className={cn("font-semibold text-stone-900", disabled && "text-stone-600")}
        >
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="mt-1 text-sm text-stone-600">
            {description}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        className="data-[state=checked]:bg-leaf-700 relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-stone-400 transition-colors disabled:cursor-not-allowed disabled:opacity-55"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </div>
  );
}
