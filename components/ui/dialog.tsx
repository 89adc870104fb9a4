"use client";

import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/**
 * A centred modal card: overlay, focus trap, Escape and outside click close it, focus returns to
 * the opener. `title` is required so every dialog has an accessible name.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
  closeLabel = "Close",
  ...props
}: ComponentProps<typeof RadixDialog.Content> & {
  title: ReactNode;
  description?: ReactNode;
  closeLabel?: string;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="data-[state=open]:animate-fade-in fixed inset-0 z-50 bg-stone-950/45 backdrop-blur-[2px]" />
      <RadixDialog.Content
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2",
          "shadow-lift data-[state=open]:animate-pop-in rounded-2xl bg-white p-6 sm:p-7",
          className,
        )}
        {...props}
      >
        <RadixDialog.Title className="pr-8 text-lg font-bold text-stone-900">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-2 text-[0.9375rem] leading-relaxed text-stone-700">
            {description}
          </RadixDialog.Description>
        ) : null}
        {children}
        <RadixDialog.Close
          className="absolute top-4 right-4 inline-flex size-9 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          aria-label={closeLabel}
        >
          <X aria-hidden className="size-5" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
