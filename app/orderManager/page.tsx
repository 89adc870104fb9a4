import type { Metadata } from "next";
import { Suspense, type ReactNode } from "react";
import { OrderManager } from "@/components/admin/order-manager";
import { PageIntro } from "@/components/static/page-intro";
import { requireAdmin } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Orders Manager", robots: { index: false } };

// orderManager: /orderManager (admins only; everyone else to the dashboard): search order lines,
// view one, cancel it (a paid card line is refunded), pay the farm
export default function OrderManagerPage() {
  return (
    <>
      <PageIntro
        eyebrow="Operators"
        title="Orders Manager"
        lead="Search order lines by order number, customer, farm or product. Cancel a line, or pay a farm for a card order it handed over."
      />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<p className="text-stone-600">Loading…</p>}>
          <AdminOnly>
            <OrderManager />
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
