import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { SwitchFrame } from "@/components/forms/switch-frame";

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
  return (
    <SwitchFrame id={id} label={label} description={description} error={error} disabled={disabled}>
      {(a11y) => (
        <label
          htmlFor={id}
          className={`relative inline-flex shrink-0 ${disabled ? "cursor-not-allowed" : "cursor-pointer"}`}
        >
          <input
            id={id}
            type="checkbox"
            role="switch"
            disabled={disabled}
            {...a11y}
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
      )}
    </SwitchFrame>
  );
}
