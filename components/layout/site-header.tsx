import { Suspense } from "react";
import { getCartCounts } from "@/components/cart/get-cart-counts";
import { getViewer } from "./get-viewer";
import { HeaderActions, HeaderActionsPlaceholder, MainNav, MainNavPlaceholder } from "./header-nav";
import { Logo } from "./logo";

/**
 * The header: a brand row (logo, shortcuts, account, and the menu button under 992 px) and, on
 * wide screens, a row for the top menu. The frame and the logo are static; the menus depend on
 * the session, so they stream in under <Suspense> with placeholders that already hold the
 * entries everyone sees. It sticks to the top on phones only, where it is one short row.
 */
export function SiteHeader() {
  return (
    <header className="bg-earth-50/95 lg:bg-earth-50 sticky top-0 z-40 border-b border-stone-200/80 backdrop-blur lg:static">
      <div className="container-page flex h-16 items-center gap-4 lg:h-[4.5rem]">
        <Logo />
        <Suspense fallback={<HeaderActionsPlaceholder />}>
          <SessionHeaderActions />
        </Suspense>
      </div>
      <div className="hidden border-t border-stone-200/70 lg:block">
        <div className="container-page">
          <Suspense fallback={<MainNavPlaceholder />}>
            <SessionMainNav />
          </Suspense>
        </div>
      </div>
    </header>
  );
}

async function SessionHeaderActions() {
  const [viewer, cartCounts] = await Promise.all([getViewer(), getCartCounts()]);
  // The unread count arrives with messaging; until then there is never a dot.
  return <HeaderActions viewer={viewer} unreadMessages={0} cartCounts={cartCounts} />;
}

async function SessionMainNav() {
  return <MainNav viewer={await getViewer()} />;
}
