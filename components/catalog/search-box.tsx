import { Search } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { SEARCH_KEYWORD_MAX_LENGTH } from "@/lib/constants";
import { cn } from "@/lib/cn";

/** The farmers list's placeholder, word for word (spec part 1 section 2). */
export const MERCHANT_SEARCH_PLACEHOLDER = "Search Merchants by username, email, or address";

/**
 * A search form that works without JavaScript: a GET to `action` with `keyword` (and any `hidden`
 * fields, such as the current sort). The page it lands on sanitises the keyword.
 */
export function SearchBox({
  action,
  label,
  placeholder,
  defaultValue = "",
  hidden = {},
  size = "md",
  className,
}: {
  action: string;
  /** The field's accessible name (visually hidden). */
  label: string;
  placeholder: string;
  defaultValue?: string;
  hidden?: Record<string, string>;
  size?: "md" | "lg";
  className?: string;
}) {
  return (
    <form role="search" action={action} method="get" className={cn("flex w-full gap-2", className)}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* The label wraps its field: no id to clash with the same form on a page Next keeps hidden
          after a navigation (React <Activity>), whose field would otherwise take the label. */}
      <label className="relative block min-w-0 flex-1">
        <span className="sr-only">{label}</span>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-stone-500"
        />
        <input
          type="search"
          name="keyword"
          defaultValue={defaultValue}
          placeholder={placeholder}
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          className={cn(
            "focus-visible:border-leaf-600 focus-visible:outline-leaf-600 w-full rounded-full border border-stone-300 bg-white pr-4 pl-12 text-stone-900 shadow-sm placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-1",
            size === "lg" ? "h-14 text-lg" : "h-12 text-base",
          )}
        />
      </label>
      <button
        type="submit"
        className={buttonClasses({
          size: size === "lg" ? "lg" : "md",
          className: size === "lg" ? "h-14" : "h-12",
        })}
      >
        Search
      </button>
    </form>
  );
}
