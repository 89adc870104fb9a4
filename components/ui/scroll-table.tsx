import type { ReactNode } from "react";
import { clsx as cx } from "clsx";

/**
 * A data table in a rounded frame that scrolls sideways when the window is narrower than the
 * table (`tableClassName` sets its min-width). The frame is a region named by the caption and is
 * focusable, so keyboard users can scroll it too. `head` is the header row's cells, `children`
 * the body's rows.
 */
export function ScrollTable({
  caption,
  className,
  tableClassName,
  head,
  children,
}: {
  caption: string;
  className?: string;
  tableClassName?: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className={cx(
        "focus-visible:outline-leaf-600 overflow-x-auto rounded-2xl border border-stone-200 bg-white focus-visible:outline-2",
        className,
      )}
    >
      <table className={cx("w-full text-left text-[0.9375rem]", tableClassName)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-sm text-stone-700">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </div>
  );
}

/** Header cells with these texts, as ScrollTable's `head`. */
export function HeadingCells({ headings }: { headings: readonly string[] }) {
  return headings.map((heading) => (
    <th key={heading} scope="col" className="px-4 py-3 font-semibold">
      {heading}
    </th>
  ));
}
