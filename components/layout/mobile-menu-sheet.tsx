"use client";

import { X } from "lucide-react";
import Link from "next/link";
import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { clsx as cx } from "clsx";
import { countLabel } from "@/components/cart/cart-events";
import type { CartCounts } from "@/lib/cart/types";
import { LogoMark } from "./logo";
import { NavActionButton } from "./nav-action";
import { NAV_ICONS } from "./nav-icons";
import { isCurrentPath, type NavItem } from "./nav-items";

export type MobileMenuSection = { id: string; title: string; items: NavItem[] };

/** The open mobile menu: a modal side sheet with the menu's sections (see mobile-menu.tsx). */
export function MobileMenuSheet({
  id,
  sections,
  pathname,
  unreadMessages,
  cartCounts,
  onClose,
  returnFocusTo,
}: {
  id: string;
  sections: MobileMenuSection[];
  pathname: string | null;
  unreadMessages: number;
  cartCounts?: CartCounts;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const visible = sections.filter((section) => section.items.length > 0);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="data-[state=open]:animate-fade-in fixed inset-0 z-50 bg-stone-950/45 lg:hidden" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="shadow-lift data-[state=open]:animate-sheet-in fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white lg:hidden"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-stone-200 px-4">
            <div className="flex items-center gap-2.5">
              <LogoMark className="size-8" />
              <Dialog.Title className="text-base font-bold text-stone-900">Menu</Dialog.Title>
            </div>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
              aria-label="Close menu"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>

          <nav
            aria-label="Main"
            className="flex-1 overflow-y-auto overscroll-contain px-3 pt-3 pb-8"
          >
            {visible.map((section) => (
              <div
                key={section.id}
                role="group"
                aria-labelledby={`${id}-${section.id}`}
                className="mt-3 first:mt-0"
              >
                <h2
                  id={`${id}-${section.id}`}
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-[0.08em] text-stone-600 uppercase"
                >
                  {section.title}
                </h2>
                <ul>
                  {section.items.map((item, index) => (
                    <li
                      key={item.id}
                      className={cx(
                        item.group &&
                          item.group !== section.items[index - 1]?.group &&
                          "mt-2 border-t border-stone-200 pt-2",
                      )}
                    >
                      <SheetEntry
                        item={item}
                        pathname={pathname}
                        unreadMessages={unreadMessages}
                        cartCounts={cartCounts}
                        onSelect={onClose}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const rowClasses =
  "flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left text-base transition-colors hover:bg-leaf-50 hover:text-leaf-800";

function SheetEntry({
  item,
  pathname,
  unreadMessages,
  cartCounts,
  onSelect,
}: {
  item: NavItem;
  pathname: string | null;
  unreadMessages: number;
  cartCounts?: CartCounts;
  onSelect: () => void;
}) {
  const Icon = NAV_ICONS[item.id];
  const icon = <Icon aria-hidden className="text-leaf-700 size-5 shrink-0" strokeWidth={1.75} />;
  if (item.action) {
    return (
      <NavActionButton
        action={item.action}
        onAction={onSelect}
        className={cx(rowClasses, "font-medium text-stone-800")}
      >
        {icon}
        {item.label}
      </NavActionButton>
    );
  }
  const current = isCurrentPath(item.href, pathname);
  const hasDot = item.id === "messages" && unreadMessages > 0;
  const count =
    item.id === "cart" || item.id === "dreamtracker" ? cartCounts?.[item.id] : undefined;
  return (
    <Link
      href={item.href}
      onClick={onSelect}
      aria-current={current ? "page" : undefined}
      className={cx(
        rowClasses,
        current ? "bg-leaf-50 text-leaf-800 font-semibold" : "font-medium text-stone-800",
      )}
    >
      {icon}
      <span className="flex-1">
        {item.menuLabel ?? item.label}
        {count ? <span className="sr-only">{countLabel("", count)}</span> : null}
      </span>
      {count ? (
        <span
          aria-hidden
          className="bg-leaf-100 text-leaf-900 rounded-full px-2 py-0.5 text-xs font-semibold"
        >
          {count}
        </span>
      ) : null}
      {hasDot ? (
        <span className="bg-tomato-600 rounded-full px-2 py-0.5 text-xs font-semibold text-white">
          New
        </span>
      ) : null}
      {item.count ? (
        <>
          <span
            aria-hidden
            className="bg-tomato-600 rounded-full px-2 py-0.5 text-xs font-semibold text-white"
          >
            {item.count}
          </span>
          <span className="sr-only">, {item.count} open</span>
        </>
      ) : null}
    </Link>
  );
}
