"use client";

import { Switch } from "radix-ui";
import type { ReactNode } from "react";
import { SwitchFrame } from "@/components/forms/switch-frame";

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
  return (
    <SwitchFrame id={id} label={label} description={description} error={error} disabled={disabled}>
      {(a11y) => (
        <Switch.Root
          id={id}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
          {...a11y}
          className="data-[state=checked]:bg-leaf-700 relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-stone-400 transition-colors disabled:cursor-not-allowed disabled:opacity-55"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
        </Switch.Root>
      )}
    </SwitchFrame>
  );
}
