"use client";

import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { SpriteIcon } from "@/components/icons/sprite-icon";
import { useHydrated } from "@/components/layout/use-hydrated";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { MessengerTarget } from "./messenger-dialog";

// The form loads when someone opens it: the order lists ship only the button.
const MessengerDialog = dynamic(() => import("./messenger-dialog").then((m) => m.MessengerDialog), {
  ssr: false,
});

/** 'Send Message to {name}': opens the Messenger modal for the other party of an order. */
export function Messenger({ target }: { target: MessengerTarget }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        disabled={!hydrated}
        aria-haspopup="dialog"
        aria-expanded={open}
        // A long farm or customer name wraps instead of widening a phone's page.
        className={cn(
          buttonClasses({ variant: "ghost", size: "sm" }),
          "h-auto max-w-full py-1.5 text-left whitespace-normal",
        )}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <SpriteIcon name="message-circle" className="size-[1.125em] shrink-0" />
        Send Message to {target.name}
      </button>
      {requested ? (
        <MessengerDialog
          target={target}
          open={open}
          onOpenChange={setOpen}
          returnFocus={() => button.current?.focus()}
        />
      ) : null}
    </>
  );
}
