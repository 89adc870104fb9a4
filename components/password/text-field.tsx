import type { ComponentProps } from "react";

const inputClasses =
  "block h-11 w-full rounded-xl border border-stone-300 bg-white px-3.5 text-[0.9375rem] text-stone-900 shadow-sm outline-none transition-colors focus:border-leaf-600 focus:ring-2 focus:ring-leaf-600/30 aria-[invalid=true]:border-red-700";

/** A labelled input with its error below, tied together for screen readers. */
export function TextField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string | undefined } & ComponentProps<"input">) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        className={inputClasses}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
