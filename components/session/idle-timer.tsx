"use client";

import { AlertDialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { runNavAction } from "@/components/layout/nav-action";
import { buttonClasses } from "@/components/ui/button";
import { IDLE_COUNTDOWN_SECONDS, IDLE_TIMEOUT_SECONDS } from "@/lib/constants";
import {
  createIdleController,
  formatCountdown,
  shouldAnnounce,
  type IdleController,
  type IdleState,
} from "./idle-controller";

const ACTIVITY_EVENTS = [
  "mousemove",
  "mousedown",
  "wheel",
  "keydown",
  "touchstart",
  "pointerdown",
] as const;

/**
 * Spec part 1 section 4: after 180 s without mouse or key activity, 'Are you still on?' counts down
 * from 1:00; Continue keeps the session, 0 signs the member out. Mounted only for signed-in members.
 */
export function IdleTimer() {
  const [state, setState] = useState<IdleState>({ phase: "active" });
  const controller = useRef<IdleController | null>(null);

  useEffect(() => {
    const idle = createIdleController({
      idleSeconds: IDLE_TIMEOUT_SECONDS,
      countdownSeconds: IDLE_COUNTDOWN_SECONDS,
      onChange: setState,
      // The menu's Logout: POST /api/users/logout, then a full load of /login.
      onExpire: () => void runNavAction("logout"),
    });
    controller.current = idle;
    const onActivity = () => idle.activity();
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    idle.start();
    return () => {
      idle.stop();
      for (const type of ACTIVITY_EVENTS)
        window.removeEventListener(type, onActivity, { capture: true });
    };
  }, []);

  const open = state.phase !== "active";
  const secondsLeft = state.phase === "prompt" ? state.secondsLeft : 0;
  const [announcement, setAnnouncement] = useState("");
  const [announcedAt, setAnnouncedAt] = useState<number | null>(null);
  // Speak the time left now and then (not every second, which would drown out everything else).
  if (
    state.phase === "prompt" &&
    announcedAt !== secondsLeft &&
    shouldAnnounce(secondsLeft, IDLE_COUNTDOWN_SECONDS)
  ) {
    setAnnouncedAt(secondsLeft);
    setAnnouncement(`${formatCountdown(secondsLeft)} left before you are signed out.`);
  }

  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="data-[state=open]:animate-fade-in fixed inset-0 z-[60] bg-stone-950/45 backdrop-blur-[2px]" />
        <AlertDialog.Content
          className="shadow-lift data-[state=open]:animate-pop-in fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center sm:p-7"
          onEscapeKeyDown={(event) => {
            // Escape means "I am here": treat it as Continue rather than leaving a dead dialog.
            event.preventDefault();
            controller.current?.keepAlive();
          }}
        >
          <AlertDialog.Title className="text-lg font-bold text-stone-900">
            Are you still on?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-[0.9375rem] text-stone-700">
            {state.phase === "expired"
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
              disabled={state.phase === "expired"}
              className={buttonClasses({ className: "mt-5 w-full" })}
              onClick={() => controller.current?.keepAlive()}
            >
              Continue
            </button>
          </AlertDialog.Action>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
