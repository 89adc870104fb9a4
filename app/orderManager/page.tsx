import type { Metadata } from "next";
import { AdminOnly, AdminPage } from "@/components/admin/admin-page";
import { OrderManager } from "@/components/admin/order-manager";

export const metadata: Metadata = { title: "Orders Manager", robots: { index: false } };

// orderManager: /orderManager (admins only; everyone else to the dashboard): search order lines,
// view one, cancel it (a paid card line is refunded), pay the farm
export default function OrderManagerPage() {
  return (
    <AdminPage
      title="Orders Manager"
      lead="Search order lines by order number, customer, farm or product. Cancel a line, or pay a farm for a card order it handed over."
    >
      <AdminOnly>
        <OrderManager />
      </AdminOnly>
    </AdminPage>
  );
}
