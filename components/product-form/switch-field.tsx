import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "@/lib/cn";

/**
 * An on/off option: a native checkbox with the switch role (no script of its own), its label, an
 * optional description and error read with it.
 */
export function SwitchField({
  id,
  label,
  description,
  error,
  disabled,
  registration,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  registration: UseFormRegisterReturn;
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
      <label
        htmlFor={id}
        className={cn(
          "relative inline-flex shrink-0",
          disabled ? "cursor-not-allowed" : "cursor-pointer",
        )}
      >
        <input
          id={id}
          type="checkbox"
          role="switch"
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          {...registration}
        />
        <span
          aria-hidden
          className="peer-checked:bg-leaf-700 peer-focus-visible:outline-leaf-700 h-7 w-12 rounded-full bg-stone-400 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-disabled:opacity-55"
        />
        <span
          aria-hidden
          className="absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </label>
    </div>
  );
}
