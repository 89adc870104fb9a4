import type { Metadata } from "next";
import { AdminOnly, AdminPage } from "@/components/admin/admin-page";
import { MemberManager } from "@/components/admin/member-manager";

export const metadata: Metadata = { title: "Members Manager", robots: { index: false } };

// memberManager: /memberManager (admins only; everyone else to the dashboard): search members and
// reset a member's password
export default function MemberManagerPage() {
  return (
    <AdminPage
      title="Members Manager"
      lead="Find a member by username, email or name, and set a new password when they cannot reset it themselves."
    >
      <AdminOnly>
        <MemberManager />
      </AdminOnly>
    </AdminPage>
  );
}
