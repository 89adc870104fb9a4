import { BadgeCheck } from "lucide-react";
import { useId } from "react";
import { VERIFIED_BUYER_EXPLANATION, VERIFIED_BUYER_LABEL } from "@/lib/review-trust";

/**
 * The verified-buyer mark (issue 44): focusable, with its explanation shown on hover and focus
 * and given to screen readers as the mark's description.
 */
export function VerifiedBadge() {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      <span
        tabIndex={0}
        aria-describedby={id}
        className="bg-leaf-100 text-leaf-900 focus-visible:outline-leaf-600 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold focus-visible:outline-3"
      >
        <BadgeCheck aria-hidden className="size-3.5" />
        {VERIFIED_BUYER_LABEL}
      </span>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute top-full left-0 z-10 mt-1 hidden w-56 rounded-lg bg-stone-900 px-3 py-2 text-xs font-medium text-white shadow-lg group-focus-within:block group-hover:block"
      >
        {VERIFIED_BUYER_EXPLANATION}
      </span>
    </span>
  );
}
