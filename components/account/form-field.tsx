import { clsx as cx } from "clsx";
import type { ReactNode } from "react";

export const inputClasses =
  "block h-11 w-full rounded-xl border border-stone-300 bg-white px-3.5 text-[0.9375rem] text-stone-900 shadow-sm outline-none transition-colors placeholder:text-stone-500 focus:border-leaf-600 focus:ring-2 focus:ring-leaf-600/30 aria-[invalid=true]:border-red-700 disabled:bg-stone-100 disabled:text-stone-600";

/**
 * A labelled form control with its error below it. The control gets `id`, `aria-invalid` and
 * `aria-describedby` through `children(props)`, so screen readers read the error with the field.
 * `className` places the field (grid spans, margins); classes are joined with clsx, not `cn`, to
 * keep tailwind-merge off the login page (lib/cn.ts).
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (props: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A status line for a form: success in green, failure in red, announced politely. */
export function FormStatus({ status, className }: { status: Status | null; className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={cx(
        "min-h-6 text-sm font-medium",
        status?.kind === "error" ? "text-red-700" : "text-leaf-800",
        className,
      )}
    >
      {status?.text ?? ""}
    </p>
  );
}

export type Status = { kind: "success" | "error"; text: string };

/** What a form keeps of one field: its value, its change and its error. */
type BoundField = {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
};

/** A FormField holding a one-line input whose value the form keeps. */
export function FormInput({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  type = "text",
  autoComplete,
  inputMode,
}: BoundField & {
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal";
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClasses}
        />
      )}
    </FormField>
  );
}

/** A FormField holding a select whose value the form keeps. */
export function FormSelect({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  options,
}: BoundField & { options: readonly { value: string; label: string }[] }) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(props) => (
        <select
          {...props}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={inputClasses}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
