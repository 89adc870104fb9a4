import type { ReactNode } from "react";
import { clsx } from "clsx";

/**
 * One band of the dashboard: a heading, an optional line of text and an optional action on the
 * right, then its content. The catalog rows (popular products, latest products, latest farmers)
 * use the same frame so the page keeps one rhythm.
 */
export function HomeSection({
  id,
  title,
  description,
  action,
  children,
  tone = "plain",
  className,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  tone?: "plain" | "tinted";
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      // clsx, not cn: the static sections draw this in the browser's bundle, kept free of
      // tailwind-merge; `className` adds classes, it overrides none.
      className={clsx("py-16 sm:py-20", tone === "tinted" && "bg-white", className)}
    >
      <div className="container-page">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="max-w-2xl">
            <h2 id={`${id}-title`} className="text-2xl font-extrabold sm:text-3xl">
              {title}
            </h2>
            {description ? (
              <p className="mt-3 text-lg leading-relaxed text-stone-700">{description}</p>
            ) : null}
          </div>
          {action ? <div className="shrink-0">{action}</div> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
