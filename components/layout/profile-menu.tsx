"use client";

import { ChevronDown } from "lucide-react";
import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import { Fragment } from "react";
import { runNavAction } from "./nav-action";
import { NAV_ICONS } from "./nav-icons";
import type { NavItem, Viewer } from "./nav-items";

const itemClasses =
  "flex h-10 cursor-pointer items-center gap-3 rounded-lg px-3 text-[0.9375rem] font-medium text-stone-800 outline-none select-none data-[highlighted]:bg-leaf-50 data-[highlighted]:text-leaf-800";

/** The wide-screen profile dropdown of a signed-in member (spec part 1, section 2). */
export function ProfileMenu({ viewer, items }: { viewer: Viewer; items: NavItem[] }) {
  const name = viewer.firstName || viewer.username;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="group hover:border-leaf-600 data-[state=open]:border-leaf-600 inline-flex h-10 items-center gap-2 rounded-full border border-stone-300 bg-white pr-3 pl-1 text-[0.9375rem] font-medium text-stone-800 shadow-sm transition-colors">
        <span
          aria-hidden
          className="bg-leaf-100 text-leaf-800 inline-flex size-8 items-center justify-center rounded-full text-sm font-bold uppercase"
        >
          {name.slice(0, 1)}
        </span>
        <span className="max-w-32 truncate">{name}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown
          aria-hidden
          className="size-4 text-stone-600 transition-transform group-data-[state=open]:rotate-180"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="shadow-lift data-[state=open]:animate-pop-in z-50 min-w-60 rounded-2xl border border-stone-200 bg-white p-1.5"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2 text-xs text-stone-600">
            Signed in as <span className="font-semibold text-stone-900">@{viewer.username}</span>
          </DropdownMenu.Label>
          {items.map((item, index) => {
            const Icon = NAV_ICONS[item.id];
            const startsGroup = item.group !== items[index - 1]?.group;
            const icon = (
              <Icon aria-hidden className="text-leaf-700 size-[1.125rem]" strokeWidth={1.75} />
            );
            return (
              <Fragment key={item.id}>
                {startsGroup ? (
                  <DropdownMenu.Separator className="my-1.5 h-px bg-stone-200" />
                ) : null}
                {item.action ? (
                  <DropdownMenu.Item
                    className={itemClasses}
                    onSelect={() => void runNavAction(item.action)}
                  >
                    {icon}
                    {item.label}
                  </DropdownMenu.Item>
                ) : (
                  <DropdownMenu.Item asChild className={itemClasses}>
                    <Link href={item.href}>
                      {icon}
                      {item.label}
                      {item.count ? (
                        <>
                          <span
                            aria-hidden
                            className="bg-tomato-600 ml-auto rounded-full px-2 py-0.5 text-xs font-semibold text-white"
                          >
                            {item.count}
                          </span>
                          <span className="sr-only">, {item.count} open</span>
                        </>
                      ) : null}
                    </Link>
                  </DropdownMenu.Item>
                )}
              </Fragment>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
