import type { ReactNode } from "react";

/** What the control of a `SwitchFrame` must carry so its description and error are read with it. */
export type SwitchControlProps = {
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
};

/**
 * An on/off option as a row: its label, an optional description and error, and the control at the
 * end. The control (a native checkbox with the switch role, in the settings rows and the product
 * form) comes from `children(props)` and must take `id` and the props it is given. Classes are
 * written out whole rather than merged with `cn`, so the settings and product forms ship no
 * tailwind-merge.
 */
export function SwitchFrame({
  id,
  label,
  description,
  error,
  disabled,
  children,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  children: (props: SwitchControlProps) => ReactNode;
}) {
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label
          htmlFor={id}
          className={`font-semibold ${disabled ? "text-stone-600" : "text-stone-900"}`}
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
      {children({
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
    </div>
  );
}
