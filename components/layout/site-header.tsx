import { HeaderActionsLive, MainNavLive } from "./session-islands";
import { Logo } from "./logo";

/**
 * The header: a brand row (logo, shortcuts, account, and the menu button under 992 px) and, on
 * wide screens, a row for the top menu. It is the same HTML for everyone: the menus render in
 * their placeholder form (the entries everyone sees) and are filled in for the viewer in the
 * browser from `GET /api/viewer` (viewer-context.tsx), so the pages around it cache whole. It
 * sticks to the top on phones only, where it is one short row.
 */
export function SiteHeader() {
  return (
    <header className="bg-earth-50/95 lg:bg-earth-50 sticky top-0 z-40 border-b border-stone-200/80 backdrop-blur lg:static">
      <div className="container-page flex h-16 items-center gap-4 lg:h-[4.5rem]">
        <Logo />
        <HeaderActionsLive />
      </div>
      <div className="hidden border-t border-stone-200/70 lg:block">
        <div className="container-page">
          <MainNavLive />
        </div>
      </div>
    </header>
  );
}
