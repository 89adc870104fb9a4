"use client";

import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { SpriteIcon } from "@/components/icons/sprite-icon";
import { useHydrated, useViewerState } from "@/components/layout/viewer-context";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { Messenger } from "./messenger";

// The form (its dialog, validation and zod) loads only when someone opens it: store, product and
// farmer-card pages ship just this button.
const AskTheFarmerDialog = dynamic(
  () => import("./ask-the-farmer-dialog").then((m) => m.AskTheFarmerDialog),
  { ssr: false },
);

/**
 * The Ask The Farmer button and, once pressed, its dialog: a visitor gives their name and email, a
 * signed-in member's are filled in; the message reaches the farmer through the product (`prodId`)
 * or directly (`farmerId`). A signed-in customer gets 'Send Message to {farm}' (the Messenger
 * modal) instead.
 */
export function AskTheFarmer({
  farmerName,
  farmerId,
  prodId,
  triggerLabel,
  triggerClassName,
}: {
  /** The farm's username: shown, and the farm's owner does not get the button. */
  farmerName: string;
  farmerId?: string;
  prodId?: number;
  /** The trigger's accessible name where several farms' buttons share a page. */
  triggerLabel?: string;
  triggerClassName?: string;
}) {
  const hydrated = useHydrated();
  const { state } = useViewerState();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // The page is the same for everyone (cached); the farm's own owner has nobody to ask. The button's
  // place stays, empty: it is drawn before the viewer is known, and taking it away moved
  // everything below it (on the owner's store, the bar they were about to tap).
  const viewer = state.status === "ready" ? state.answer.viewer : null;
  if (viewer?.username === farmerName)
    return (
      <span
        aria-hidden
        className={cn(triggerClassName ?? buttonClasses({ variant: "secondary" }), "invisible")}
      >
        <SpriteIcon name="message-circle" className="size-[1.125em] shrink-0" />
        Ask The Farmer
      </span>
    );
  // A signed-in customer writes in their conversation with the farm (the Messenger modal).
  if (viewer?.role === "customer")
    return <Messenger target={{ name: farmerName, farmerId: farmerName, prodId }} />;

  return (
    <>
      <button
        ref={button}
        type="button"
        disabled={!hydrated}
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={triggerClassName ?? buttonClasses({ variant: "secondary" })}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <SpriteIcon name="message-circle" className="size-[1.125em] shrink-0" />
        Ask The Farmer
      </button>
      {requested ? (
        <AskTheFarmerDialog
          farmerName={farmerName}
          farmerId={farmerId}
          prodId={prodId}
          open={open}
          onOpenChange={setOpen}
          returnFocus={() => button.current?.focus()}
        />
      ) : null}
    </>
  );
}
