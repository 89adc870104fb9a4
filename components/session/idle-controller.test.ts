import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_COUNTDOWN_SECONDS, IDLE_TIMEOUT_SECONDS } from "@/lib/constants";
import {
  createIdleController,
  formatCountdown,
  shouldAnnounce,
  type IdleState,
} from "./idle-controller";

function setup() {
  const states: IdleState[] = [];
  const onExpire = vi.fn();
  const controller = createIdleController({
    idleSeconds: IDLE_TIMEOUT_SECONDS,
    countdownSeconds: IDLE_COUNTDOWN_SECONDS,
    onChange: (s) => states.push(s),
    onExpire,
  });
  controller.start();
  return { controller, states, onExpire };
}

describe("the idle controller", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("uses the spec's 180 s wait and 60 s countdown", () => {
    expect(IDLE_TIMEOUT_SECONDS).toBe(180);
    expect(IDLE_COUNTDOWN_SECONDS).toBe(60);
  });

  it("prompts after 180 s without activity, not before", () => {
    const { controller } = setup();
    vi.advanceTimersByTime(179_000);
    expect(controller.getState()).toEqual({ phase: "active" });
    vi.advanceTimersByTime(1_000);
    expect(controller.getState()).toEqual({ phase: "prompt", secondsLeft: 60 });
  });

  it("counts down second by second and expires at 0, once", () => {
    const { controller, states, onExpire } = setup();
    vi.advanceTimersByTime(180_000 + 1_000);
    expect(controller.getState()).toEqual({ phase: "prompt", secondsLeft: 59 });
    vi.advanceTimersByTime(58_000);
    expect(controller.getState()).toEqual({ phase: "prompt", secondsLeft: 1 });
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(controller.getState()).toEqual({ phase: "expired" });
    vi.advanceTimersByTime(600_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    const prompts = states
      .filter((s) => s.phase === "prompt")
      .map((s) => (s.phase === "prompt" ? s.secondsLeft : 0));
    expect(prompts).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i));
  });

  it("restarts the wait on activity", () => {
    const { controller } = setup();
    vi.advanceTimersByTime(170_000);
    controller.activity();
    vi.advanceTimersByTime(170_000);
    expect(controller.getState().phase).toBe("active");
    vi.advanceTimersByTime(10_000);
    expect(controller.getState().phase).toBe("prompt");
  });

  it("ignores activity while the prompt is open: only Continue closes it", () => {
    const { controller, onExpire } = setup();
    vi.advanceTimersByTime(180_000);
    controller.activity();
    expect(controller.getState().phase).toBe("prompt");
    vi.advanceTimersByTime(30_000);
    controller.keepAlive();
    expect(controller.getState()).toEqual({ phase: "active" });
    vi.advanceTimersByTime(179_000);
    expect(controller.getState().phase).toBe("active");
    vi.advanceTimersByTime(1_000);
    expect(controller.getState()).toEqual({ phase: "prompt", secondsLeft: 60 });
    expect(onExpire).not.toHaveBeenCalled();
  });

  it("expires on time even when ticks were delayed (a background tab)", () => {
    const { controller, onExpire } = setup();
    vi.advanceTimersByTime(180_000);
    vi.setSystemTime(Date.now() + 61_000); // the clock moved on without the interval running
    vi.advanceTimersByTime(250);
    expect(controller.getState().phase).toBe("expired");
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("does nothing after stop", () => {
    const { controller, onExpire } = setup();
    controller.stop();
    vi.advanceTimersByTime(1_000_000);
    expect(controller.getState().phase).toBe("active");
    expect(onExpire).not.toHaveBeenCalled();
  });
});

describe("formatCountdown", () => {
  it.each([
    [60, "1:00"],
    [59, "0:59"],
    [9, "0:09"],
    [0, "0:00"],
    [-3, "0:00"],
  ])("%i s reads %s", (seconds, text) => expect(formatCountdown(seconds)).toBe(text));
});

describe("shouldAnnounce", () => {
  it("speaks on opening, at every quarter minute and near the end only", () => {
    const spoken = Array.from({ length: 61 }, (_, i) => 60 - i).filter(
      (s) => s > 0 && shouldAnnounce(s, 60),
    );
    expect(spoken).toEqual([60, 45, 30, 15, 10, 5]);
  });
});
