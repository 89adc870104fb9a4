"use client";

import { Heart, MessageCircle, ShoppingBasket, type LucideIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { buttonClasses } from "@/components/ui/button";
import { clsx as cx } from "clsx";
import { countLabel, useCartCounts } from "@/components/cart/cart-events";
import type { CartCounts } from "@/lib/cart/types";
import { MobileMenu } from "./mobile-menu";
import { NavActionButton } from "./nav-action";
import { ShellLink } from "./shell-link";
import { myLocalMenuLabel, type MyLocalPlaceFields } from "@/lib/location/my-local-place";
import {
  getNavItems,
  isCurrentPath,
  withMenuCounts,
  type NavItem,
  type NavItemId,
  type Viewer,
} from "./nav-items";

// Loaded only when a member is signed in: visitors never download the dropdown (Radix + popper).
const ProfileMenu = dynamic(() => import("./profile-menu").then((m) => m.ProfileMenu));

// The shortcut icons, imported one by one: the full icon table (nav-icons.ts) loads with the menus.
const SHORTCUT_ICONS: Partial<Record<NavItemId, LucideIcon>> = {
  dreamtracker: Heart,
  cart: ShoppingBasket,
  messages: MessageCircle,
};

/*
 * The header's session-dependent parts, each in a resolved form (the viewer is known) and a
 * placeholder form for the static shell. Placeholders show only what every role sees and do not
 * read the pathname, so they prerender on any route, including dynamic ones.
 */

/** The viewer's My Local place and radius on its menu entry ("My Local: Toronto · 25 km"). */
function withMyLocal(items: NavItem[], myLocal: MyLocalPlaceFields | null | undefined): NavItem[] {
  if (!myLocal) return items;
  return items.map((item) =>
    item.id === "my-local" ? { ...item, label: myLocalMenuLabel(myLocal) } : item,
  );
}

/** The top menu bar on wide screens (spec part 1, section 2, Top menu). */
export function MainNav({
  viewer,
  myLocal,
}: {
  viewer: Viewer | null;
  myLocal?: MyLocalPlaceFields | null;
}) {
  return (
    <MainNavView
      items={withMyLocal(getNavItems({ placement: "main", viewer }), myLocal)}
      pathname={usePathname()}
    />
  );
}

export function MainNavPlaceholder() {
  return (
    <MainNavView items={getNavItems({ placement: "main", viewer: undefined })} pathname={null} />
  );
}

function MainNavView({ items, pathname }: { items: NavItem[]; pathname: string | null }) {
  return (
    <nav aria-label="Main">
      <ul className="-mx-3 flex h-12 items-stretch gap-1 overflow-x-auto">
        {items.map((item) => {
          const current = item.href ? isCurrentPath(item.href, pathname) : false;
          const classes = cx(
            "relative inline-flex h-full items-center px-3 text-[0.9375rem] whitespace-nowrap transition-colors hover:text-leaf-800",
            "after:absolute after:inset-x-3 after:bottom-0 after:h-[3px] after:rounded-full",
            current
              ? "font-semibold text-leaf-800 after:bg-leaf-700"
              : "font-medium text-stone-700 after:bg-transparent hover:after:bg-leaf-200",
          );
          return (
            <li key={item.id} className="flex">
              {item.action ? (
                <NavActionButton action={item.action} className={classes}>
                  {item.label}
                </NavActionButton>
              ) : (
                <ShellLink
                  href={item.href}
                  aria-current={current ? "page" : undefined}
                  className={classes}
                >
                  {item.label}
                </ShellLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

type HeaderActionsProps = {
  viewer: Viewer | null;
  /** New messages for the signed-in member; a dot marks the Messages icon when above 0. */
  unreadMessages?: number;
  /** Items in the cart and the dream tracker, for the heart and basket badges. */
  cartCounts?: CartCounts;
  /** The viewer's My Local setting, shown on its entry in the menu sheet. */
  myLocal?: MyLocalPlaceFields | null;
  /** Counts shown beside account entries (an admin's open money issues). */
  menuCounts?: Record<string, number> | undefined;
};

/** Right side of the header: shortcut icons and account controls on wide screens, the menu button below 992 px. */
export function HeaderActions({
  viewer,
  unreadMessages = 0,
  cartCounts,
  myLocal,
  menuCounts,
}: HeaderActionsProps) {
  return (
    <HeaderActionsView
      viewer={viewer}
      myLocal={myLocal}
      menuCounts={menuCounts}
      pathname={usePathname()}
      unreadMessages={unreadMessages}
      cartCounts={useCartCounts(cartCounts)}
    />
  );
}

export function HeaderActionsPlaceholder() {
  return <HeaderActionsView viewer={undefined} pathname={null} unreadMessages={0} />;
}

function HeaderActionsView({
  viewer,
  pathname,
  unreadMessages,
  cartCounts,
  myLocal,
  menuCounts,
}: {
  viewer: Viewer | null | undefined;
  pathname: string | null;
  unreadMessages: number;
  cartCounts?: CartCounts;
  myLocal?: MyLocalPlaceFields | null;
  menuCounts?: Record<string, number> | undefined;
}) {
  const main = withMyLocal(getNavItems({ placement: "main", viewer }), myLocal);
  const shortcuts = getNavItems({ placement: "shortcuts", viewer });
  const account = withMenuCounts(getNavItems({ placement: "account", viewer }), menuCounts);

  return (
    <div className="ml-auto flex items-center gap-1.5">
      {shortcuts.length > 0 ? (
        <ul className="hidden items-center gap-0.5 lg:flex">
          {shortcuts.map((item) => (
            <li key={item.id}>
              <ShortcutLink
                item={item}
                pathname={pathname}
                unreadMessages={unreadMessages}
                cartCounts={cartCounts}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {viewer ? (
        account.length > 0 ? (
          <div className="hidden lg:ml-2 lg:block">
            <ProfileMenu viewer={viewer} items={account} />
          </div>
        ) : null
      ) : account.length > 0 ? (
        <div className="hidden items-center gap-2 lg:ml-2 lg:flex">
          {/* Login before Register here: the filled button ends the row. */}
          {[...account].reverse().map((item) =>
            item.href ? (
              <ShellLink
                key={item.id}
                href={item.href}
                className={buttonClasses({
                  variant: item.id === "register" ? "primary" : "ghost",
                  size: "sm",
                })}
              >
                {item.label}
              </ShellLink>
            ) : null,
          )}
        </div>
      ) : null}

      <MobileMenu
        pathname={pathname}
        unreadMessages={unreadMessages}
        cartCounts={cartCounts}
        sections={[
          { id: "browse", title: "Browse", items: main },
          { id: "shortcuts", title: "Quick access", items: shortcuts },
          {
            id: "account",
            title: viewer ? `Signed in as ${viewer.firstName || viewer.username}` : "Account",
            items: account,
          },
        ]}
      />
    </div>
  );
}

function ShortcutLink({
  item,
  pathname,
  unreadMessages,
  cartCounts,
}: {
  item: NavItem;
  pathname: string | null;
  unreadMessages: number;
  cartCounts?: CartCounts;
}) {
  if (!item.href) return null;
  const Icon = SHORTCUT_ICONS[item.id] ?? MessageCircle;
  const hasDot = item.id === "messages" && unreadMessages > 0;
  const count =
    item.id === "cart" || item.id === "dreamtracker" ? cartCounts?.[item.id] : undefined;
  const current = isCurrentPath(item.href, pathname);
  return (
    <ShellLink
      href={item.href}
      aria-current={current ? "page" : undefined}
      title={item.label}
      className={cx(
        "hover:bg-leaf-50 hover:text-leaf-800 relative inline-flex size-10 items-center justify-center rounded-full transition-colors",
        current ? "bg-leaf-50 text-leaf-800" : "text-stone-700",
      )}
    >
      <Icon aria-hidden className="size-[1.375rem]" strokeWidth={1.75} />
      <span className="sr-only">
        {count === undefined ? item.label : countLabel(item.label, count)}
        {hasDot
          ? `, ${unreadMessages} ${unreadMessages === 1 ? "conversation" : "conversations"} with new messages`
          : ""}
      </span>
      {count ? (
        <span
          aria-hidden
          className="bg-leaf-700 absolute top-0.5 right-0.5 inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
      {hasDot ? (
        <span
          aria-hidden
          className="bg-tomato-600 absolute top-0.5 right-0.5 inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white"
        >
          {unreadMessages > 99 ? "99+" : unreadMessages}
        </span>
      ) : null}
    </ShellLink>
  );
}
