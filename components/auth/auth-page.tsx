import type { ReactNode } from "react";

/** The frame of the sign-in and sign-up pages: the page's one h1, a lead, then the form. */
export function AuthPage({
  title,
  lead,
  width = "narrow",
  children,
}: {
  title: string;
  lead?: ReactNode;
  width?: "narrow" | "wide";
  children: ReactNode;
}) {
  return (
    <div className="container-page py-12 sm:py-16">
      <div className={width === "narrow" ? "mx-auto max-w-md" : "mx-auto max-w-2xl"}>
        <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
          {title}
        </h1>
        {lead ? <p className="mt-3 text-base leading-relaxed text-stone-700">{lead}</p> : null}
        <div className="mt-8 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </div>
    </div>
  );
}

/** A form placeholder while the query is read (the page streams the form in). */
export function FormSkeleton() {
  return <div aria-hidden="true" className="h-72 animate-pulse rounded-2xl bg-stone-100" />;
}
