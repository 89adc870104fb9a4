import type { Metadata } from "next";
import { Suspense, type ReactNode } from "react";
import { MemberManager } from "@/components/admin/member-manager";
import { PageIntro } from "@/components/static/page-intro";
import { requireAdmin } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Members Manager", robots: { index: false } };

// memberManager: /memberManager (admins only; everyone else to the dashboard): search members and
// reset a member's password
export default function MemberManagerPage() {
  return (
    <>
      <PageIntro
        eyebrow="Operators"
        title="Members Manager"
        lead="Find a member by username, email or name, and set a new password when they cannot reset it themselves."
      />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<p className="text-stone-600">Loading…</p>}>
          <AdminOnly>
            <MemberManager />
          </AdminOnly>
        </Suspense>
      </div>
    </>
  );
}

async function AdminOnly({ children }: { children: ReactNode }) {
  await requireAdmin();
  return children;
}
