import { Suspense, type ReactNode } from "react";
import { PageIntro } from "@/components/static/page-intro";
import { requireAdmin } from "@/server/pages";

/**
 * The frame of every admin page: its intro band, then `children` streamed in behind `loading`.
 * `children` checks the viewer itself (requireAdmin, or AdminOnly around a client tool), inside
 * the boundary, so the frame renders the same for everyone and nothing of the tool leaves the
 * server for anyone but an admin.
 */
export function AdminPage({
  title,
  lead,
  loading = "Loading…",
  children,
}: {
  title: string;
  lead: string;
  loading?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageIntro eyebrow="Admin" title={title} lead={lead} />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<p className="text-stone-600">{loading}</p>}>{children}</Suspense>
      </div>
    </>
  );
}

/** Renders `children` for an admin; anyone else is sent on by requireAdmin. */
export async function AdminOnly({ children }: { children: ReactNode }) {
  await requireAdmin();
  return children;
}
