import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A box that scrolls sideways on narrow screens (wide tables). It is focusable and named, so
 * keyboard users can scroll it too (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
export function HorizontalScroll({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn("overflow-x-auto rounded-2xl border border-stone-200", className)}
    >
      {children}
    </div>
  );
}
