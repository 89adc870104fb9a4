"use client";

import { clsx } from "clsx";
import { X } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A message box under a form. Errors are `role="alert"` (read at once), successes `role="status"`.
 * With `onDismiss` it has a close button (the spec's "dismissible error alert"). `clsx`, not `cn`:
 * tailwind-merge would add about 8 kB to the password pages, and a `className` here only adds
 * spacing, never a second utility for one property.
 */
export function Alert({
  kind,
  children,
  onDismiss,
  className,
}: {
  kind: "error" | "success";
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={clsx(
        "flex items-start gap-3 rounded-2xl border px-4 py-3 text-[0.9375rem]",
        kind === "error"
          ? "border-red-300 bg-red-50 text-red-900"
          : "border-leaf-300 bg-leaf-50 text-leaf-900",
        className,
      )}
    >
      <div className="flex-1">{children}</div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 rounded-full p-1 hover:bg-black/5 focus-visible:outline-2"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
