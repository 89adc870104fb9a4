import { Eye, Plus } from "lucide-react";
import Link from "next/link";
import { ButtonLink } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** Which page of the owner's store is open: edit mode on the active items, the deleted items, or the public view. */
export type OwnerView = "active" | "deleted" | "public";

const LEAD: Record<OwnerView, string> = {
  active: "This is your store in edit mode. Customers do not see these controls.",
  deleted: "Deleted items are hidden from customers. Activate one to sell it again.",
  public: "This is your store as customers see it.",
};

/**
 * The owner's bar above the products: add a product, and switch between active items, deleted
 * items and the public view (spec part 1 section 2, "Store page").
 */
export function OwnerToolbar({ username, current }: { username: string; current: OwnerView }) {
  const base = `/stores/${encodeURIComponent(username)}`;
  const views: Array<{ view: OwnerView; label: string; href: string }> = [
    { view: "active", label: "Active items", href: base },
    { view: "deleted", label: "Deleted items", href: `${base}/deleted` },
    { view: "public", label: "Public view", href: `${base}/public` },
  ];
  return (
    <div className="border-b border-stone-200 bg-white">
      <div className="container-page flex flex-col gap-4 py-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-col gap-3">
          <p className="text-[0.9375rem] text-stone-700">
            {current === "public" ? (
              <Eye aria-hidden className="text-leaf-700 mr-1.5 inline size-4 align-[-0.125em]" />
            ) : null}
            {LEAD[current]}
          </p>
          <nav aria-label="Your store">
            <ul className="flex flex-wrap gap-2">
              {views.map(({ view, label, href }) => (
                <li key={view}>
                  <Link
                    href={href}
                    aria-current={view === current ? "page" : undefined}
                    className={cn(
                      "inline-flex h-9 items-center rounded-full border px-4 text-sm font-semibold transition-colors",
                      view === current
                        ? "border-leaf-700 bg-leaf-700 text-white"
                        : "hover:border-leaf-600 hover:text-leaf-800 border-stone-300 bg-white text-stone-800",
                    )}
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <ButtonLink href={`${base}/products/add`} className="self-start lg:self-auto">
          <Plus aria-hidden />
          Add a product
        </ButtonLink>
      </div>
    </div>
  );
}
