/**
 * The idle-session logic (spec part 1 sections 4 and 9), free of React and the DOM so it can be
 * tested with fake timers: after `idleSeconds` without activity it prompts, then counts down
 * `countdownSeconds`; `keepAlive()` (the Continue button) starts over, and at 0 it expires.
 * The countdown follows a deadline rather than counting ticks, so a throttled background tab
 * still expires on time.
 */

export type IdleState =
  { phase: "active" } | { phase: "prompt"; secondsLeft: number } | { phase: "expired" };

export type IdleControllerOptions = {
  idleSeconds: number;
  countdownSeconds: number;
  onChange: (state: IdleState) => void;
  onExpire: () => void;
  now?: () => number;
};

export type IdleController = {
  start(): void;
  /** Mouse or key activity: restarts the idle wait, but never closes an open prompt. */
  activity(): void;
  /** Continue: closes the prompt and restarts the idle wait. */
  keepAlive(): void;
  stop(): void;
  getState(): IdleState;
};

/** Activity within this many ms of the last restart does not restart the wait again (mousemove fires a lot). */
const ACTIVITY_THROTTLE_MS = 1_000;
const TICK_MS = 250;

export function createIdleController({
  idleSeconds,
  countdownSeconds,
  onChange,
  onExpire,
  now = Date.now,
}: IdleControllerOptions): IdleController {
  let state: IdleState = { phase: "active" };
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let lastRestart = -Infinity;
  let deadline = 0;
  let running = false;

  function set(next: IdleState) {
    const same =
      next.phase === state.phase &&
      (next.phase !== "prompt" ||
        (state.phase === "prompt" && state.secondsLeft === next.secondsLeft));
    state = next;
    if (!same) onChange(state);
  }

  function clearTimers() {
    clearTimeout(idleTimer);
    clearInterval(tickTimer);
    idleTimer = tickTimer = undefined;
  }

  function waitForIdle() {
    clearTimers();
    lastRestart = now();
    idleTimer = setTimeout(prompt, idleSeconds * 1000);
  }

  function prompt() {
    deadline = now() + countdownSeconds * 1000;
    set({ phase: "prompt", secondsLeft: countdownSeconds });
    tickTimer = setInterval(tick, TICK_MS);
  }

  function tick() {
    const secondsLeft = Math.max(0, Math.ceil((deadline - now()) / 1000));
    if (secondsLeft === 0) {
      clearTimers();
      running = false;
      set({ phase: "expired" });
      onExpire();
      return;
    }
    set({ phase: "prompt", secondsLeft });
  }

  return {
    start() {
      if (running) return;
      running = true;
      set({ phase: "active" });
      waitForIdle();
    },
    activity() {
      if (!running || state.phase !== "active") return;
      if (now() - lastRestart < ACTIVITY_THROTTLE_MS) return;
      waitForIdle();
    },
    keepAlive() {
      if (!running) return;
      set({ phase: "active" });
      waitForIdle();
    },
    stop() {
      running = false;
      clearTimers();
    },
    getState: () => state,
  };
}

/** 60 → "1:00", 9 → "0:09". */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Whether the polite live region should speak at this second: on opening, every 15 s, and at 10 and 5. */
export function shouldAnnounce(secondsLeft: number, countdownSeconds: number): boolean {
  return (
    secondsLeft === countdownSeconds ||
    secondsLeft % 15 === 0 ||
    secondsLeft === 10 ||
    secondsLeft === 5
  );
}
