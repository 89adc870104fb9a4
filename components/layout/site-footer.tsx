import Link from "next/link";
import { Suspense } from "react";
import { cn } from "@/lib/cn";
import { getViewer } from "./get-viewer";
import { LogoMark } from "./logo";
import { NavActionButton } from "./nav-action";
import { getNavItems, type NavItem, type NavItemId, type Viewer } from "./nav-items";
import { SITE_DESCRIPTION, SITE_NAME } from "./site";

const linkClasses =
  "inline-flex min-h-9 items-center rounded text-[0.9375rem] text-leaf-100 transition-colors hover:text-white hover:underline underline-offset-4 focus-visible:outline-earth-100";

/** The footer (spec part 1, section 2): its links, Login and Register or Logout, and the data credits. */
export function SiteFooter() {
  // Always on and the same for every role, so it needs no session.
  const credits = getNavItems({ placement: "footer", viewer: undefined }).find(
    (item) => item.id === "credits",
  );
  return (
    <footer className="bg-leaf-950 text-leaf-100 mt-auto">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)] md:py-14">
        <div className="max-w-sm">
          <p className="flex items-center gap-2.5 text-lg font-bold text-white">
            <LogoMark className="size-8" />
            {SITE_NAME}
          </p>
          <p className="text-leaf-200 mt-4 text-[0.9375rem] leading-relaxed">{SITE_DESCRIPTION}</p>
        </div>
        <Suspense fallback={<FooterLinks viewer={undefined} />}>
          <SessionFooterLinks />
        </Suspense>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page text-leaf-200 flex flex-col gap-2 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>© {SITE_NAME}. Made for farmers, gardeners and their neighbours.</p>
          {credits?.href ? (
            <Link href={credits.href} className={cn(linkClasses, "text-leaf-200 min-h-6 text-sm")}>
              {credits.label}
            </Link>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

async function SessionFooterLinks() {
  return <FooterLinks viewer={await getViewer()} />;
}

/** Footer columns by entry id; entries the config hides leave a column out entirely. */
const FOOTER_COLUMNS: { title: string; ids: readonly NavItemId[] }[] = [
  { title: "Marketplace", ids: ["dashboard", "popular", "new-arrivals", "contact"] },
  { title: "Legal", ids: ["terms", "privacy"] },
  { title: "Account", ids: ["register", "login", "logout"] },
];

function FooterLinks({ viewer }: { viewer: Viewer | null | undefined }) {
  // Data credits sits in the bottom bar as a small link, outside the columns.
  const items = getNavItems({ placement: "footer", viewer });
  const placed = new Set<NavItemId>(["credits", ...FOOTER_COLUMNS.flatMap((column) => column.ids)]);
  const columns = [
    ...FOOTER_COLUMNS.map((column) => ({
      title: column.title,
      items: items.filter((item) => column.ids.includes(item.id)),
    })),
    // A footer entry added to nav-items.ts without a column still shows.
    { title: "More", items: items.filter((item) => !placed.has(item.id)) },
  ].filter((column) => column.items.length > 0);
  return (
    <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
      {columns.map((column) => (
        <div key={column.title}>
          <h2 className="text-leaf-300 text-xs font-semibold tracking-[0.12em] uppercase">
            {column.title}
          </h2>
          <ul className="mt-3 space-y-1">
            {column.items.map((item) => (
              <li key={item.id}>
                <FooterEntry item={item} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function FooterEntry({ item }: { item: NavItem }) {
  if (item.action) {
    return (
      <NavActionButton action={item.action} className={linkClasses}>
        {item.label}
      </NavActionButton>
    );
  }
  return (
    <Link href={item.href} className={linkClasses}>
      {item.label}
    </Link>
  );
}
