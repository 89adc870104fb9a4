import type { ReactNode } from "react";

/** The narrow centred card the password pages share. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <section
        aria-labelledby="auth-card-title"
        className="shadow-card w-full max-w-md rounded-3xl border border-stone-200 bg-white p-7 sm:p-9"
      >
        <h1 id="auth-card-title" className="text-2xl font-extrabold text-stone-900">
          {title}
        </h1>
        {lead ? <p className="mt-2 text-stone-700">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}
