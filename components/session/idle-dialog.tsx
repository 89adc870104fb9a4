"use client";

import { AlertDialog } from "radix-ui";
import { buttonClasses } from "@/components/ui/button";
import { formatCountdown, type IdleState } from "./idle-controller";

/**
 * 'Are you still on?' (idle-timer.tsx): loaded when the countdown first starts, so a member's pages
 * do not parse Radix's dialog (focus trap, scroll lock, portal) on every load for a prompt that
 * most visits never show.
 */
export function IdleDialog({
  phase,
  secondsLeft,
  announcement,
  onContinue,
}: {
  phase: IdleState["phase"];
  secondsLeft: number;
  announcement: string;
  onContinue: () => void;
}) {
  const open = phase !== "active";
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="data-[state=open]:animate-fade-in fixed inset-0 z-[60] bg-stone-950/45 backdrop-blur-[2px]" />
        <AlertDialog.Content
          className="shadow-lift data-[state=open]:animate-pop-in fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center sm:p-7"
          onEscapeKeyDown={(event) => {
            // Escape means "I am here": treat it as Continue rather than leaving a dead dialog.
            event.preventDefault();
            onContinue();
          }}
        >
          <AlertDialog.Title className="text-lg font-bold text-stone-900">
            Are you still on?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-[0.9375rem] text-stone-700">
            {phase === "expired"
              ? "Signing you out…"
              : "You have been inactive for a while. For your security you will be signed out when the timer ends."}
          </AlertDialog.Description>
          <p
            role="timer"
            aria-label="Time left"
            className="text-leaf-800 mt-4 text-4xl font-extrabold tabular-nums"
          >
            {formatCountdown(secondsLeft)}
          </p>
          <p aria-live="polite" aria-atomic="true" className="sr-only">
            {open ? announcement : ""}
          </p>
          <AlertDialog.Action asChild>
            <button
              type="button"
              disabled={phase === "expired"}
              className={buttonClasses({ className: "mt-5 w-full" })}
              onClick={onContinue}
            >
              Continue
            </button>
          </AlertDialog.Action>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
