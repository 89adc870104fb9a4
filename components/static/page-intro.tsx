import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** The band at the top of a content page: an eyebrow, the page's one h1 and a lead paragraph. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "border-earth-200/70 from-earth-100/80 to-earth-50 border-b bg-gradient-to-b",
        className,
      )}
    >
      <div className="container-page py-12 sm:py-16">
        {eyebrow ? (
          <p className="text-leaf-700 text-sm font-semibold tracking-[0.1em] uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-2 text-3xl font-extrabold sm:text-[2.75rem] sm:leading-[1.1]">{title}</h1>
        {lead ? (
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-stone-700">{lead}</p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
