import { NavActionButton } from "./nav-action";
import { ShellLink } from "./shell-link";
import { getNavItems, type NavItem, type NavItemId, type Viewer } from "./nav-items";

export const linkClasses =
  "inline-flex min-h-9 items-center rounded text-[0.9375rem] text-leaf-100 transition-colors hover:text-white hover:underline underline-offset-4 focus-visible:outline-earth-100";

/** Footer columns by entry id; entries the config hides leave a column out entirely. */
const FOOTER_COLUMNS: { title: string; ids: readonly NavItemId[] }[] = [
  { title: "Marketplace", ids: ["dashboard", "popular", "new-arrivals", "contact"] },
  { title: "Legal", ids: ["terms", "privacy"] },
  { title: "Account", ids: ["register", "login", "logout"] },
];

export function FooterLinks({ viewer }: { viewer: Viewer | null | undefined }) {
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
    <ShellLink href={item.href} className={linkClasses}>
      {item.label}
    </ShellLink>
  );
}
