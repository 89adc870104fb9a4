"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { runNavAction } from "@/components/layout/nav-action";
import { IDLE_COUNTDOWN_SECONDS, IDLE_TIMEOUT_SECONDS } from "@/lib/constants";
import {
  createIdleController,
  formatCountdown,
  shouldAnnounce,
  type IdleController,
  type IdleState,
} from "./idle-controller";

// The dialog's code (Radix AlertDialog, about 18 kB gzipped) is fetched when the countdown first
// starts; the countdown runs meanwhile, so the dialog opens showing the time left.
const IdleDialog = dynamic(() => import("./idle-dialog").then((m) => m.IdleDialog), {
  ssr: false,
});

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
  // Mounted from the first countdown on, so Radix closes it as it opened it.
  const [shown, setShown] = useState(false);
  if (open && !shown) setShown(true);
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

  if (!shown) return null;
  return (
    <IdleDialog
      phase={state.phase}
      secondsLeft={secondsLeft}
      announcement={announcement}
      onContinue={() => controller.current?.keepAlive()}
    />
  );
}
