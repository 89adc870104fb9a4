"use client";

import { Menu } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { BREAKPOINT_MAIN_PX } from "@/lib/constants";
import type { CartCounts } from "@/lib/cart/types";
import type { MobileMenuSection } from "./mobile-menu-sheet";
import { useHydrated } from "./use-hydrated";

export type { MobileMenuSection } from "./mobile-menu-sheet";

/** The lg: breakpoint (spec part 1, section 9). */
const WIDE_QUERY = `(min-width: ${BREAKPOINT_MAIN_PX}px)`;

// The sheet (Radix Dialog and the icon table) loads on the first hover, focus or touch of the
// button, so pages that never open the menu never pay for it.
const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = dynamic(() => loadSheet().then((m) => m.MobileMenuSheet), { ssr: false });

/**
 * The pathname the menu is open on, or null: kept outside the component. The header shows a
 * placeholder until the viewer call answers and then its resolved form, two components, so a tap
 * on Menu just before the answer opened the placeholder's sheet and the swap closed it under the
 * finger. One header per page, so one value per tab.
 */
let menuOpenOn: string | null = null;
const menuListeners = new Set<() => void>();
function setMenuOpenOn(value: string | null) {
  menuOpenOn = value;
  for (const listener of menuListeners) listener();
}
function subscribeToMenu(listener: () => void) {
  menuListeners.add(listener);
  return () => void menuListeners.delete(listener);
}
const useMenuOpenOn = () =>
  useSyncExternalStore(
    subscribeToMenu,
    () => menuOpenOn,
    () => null,
  );

/**
 * The menu under 992 px: a button (aria-expanded, aria-controls) that opens a side sheet. The
 * sheet traps focus; Escape, the close button, following a link or growing the window past the
 * breakpoint closes it, and focus returns to the button.
 */
export function MobileMenu({
  sections,
  pathname,
  unreadMessages,
  cartCounts,
}: {
  sections: MobileMenuSection[];
  pathname: string | null;
  unreadMessages: number;
  cartCounts?: CartCounts;
}) {
  const sheetId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Open "on" a pathname, so any navigation (links, back button) closes it without an effect. The
  // placeholder does not read the pathname: it opens on the address bar's, which the resolved
  // header then reads the same.
  const openOn = useMenuOpenOn();
  const open = openOn !== null && (pathname === null || openOn === pathname);
  // Disabled until hydrated: a tap before the handler exists would open nothing.
  const hydrated = useHydrated();

  // A menu left open on a page the tab went back from must not open again on the way back to it.
  const leftOpen = openOn !== null && pathname !== null && openOn !== pathname;
  useEffect(() => {
    if (leftOpen) setMenuOpenOn(null);
  }, [leftOpen]);

  useEffect(() => {
    const wide = window.matchMedia(WIDE_QUERY);
    const onChange = () => {
      if (wide.matches) setMenuOpenOn(null);
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  const preload = () => void loadSheet();

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={menuButtonName(unreadMessages)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={sheetId}
        disabled={!hydrated}
        onClick={() => setMenuOpenOn(pathname ?? window.location.pathname)}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        className="hover:border-leaf-600 hover:text-leaf-800 relative inline-flex size-11 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 shadow-sm transition-colors lg:hidden"
      >
        <Menu aria-hidden className="size-5" />
        {unreadMessages > 0 ? (
          <span
            aria-hidden
            className="bg-tomato-600 absolute top-2 right-2 size-2.5 rounded-full ring-2 ring-white"
          />
        ) : null}
      </button>
      {open ? (
        <MobileMenuSheet
          id={sheetId}
          sections={sections}
          pathname={pathname}
          unreadMessages={unreadMessages}
          cartCounts={cartCounts}
          onClose={() => setMenuOpenOn(null)}
          returnFocusTo={buttonRef}
        />
      ) : null}
    </>
  );
}

/**
 * The menu button's name: "Menu", and how many conversations have unread messages when any do,
 * so a screen reader hears what the red dot shows (issue 42).
 */
export function menuButtonName(unreadConversations: number): string {
  if (unreadConversations <= 0) return "Menu";
  const what = unreadConversations === 1 ? "conversation" : "conversations";
  return `Menu, ${unreadConversations} ${what} with new messages`;
}
