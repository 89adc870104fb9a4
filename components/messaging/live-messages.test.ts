import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A stand-in for the browser's EventSource: records each one made, lets the test play the server.
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly handlers = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, handler: (event: unknown) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, event: unknown = {}) {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }
  message(id: number, conversationId = 7) {
    this.emit("message", {
      lastEventId: String(id),
      data: JSON.stringify({ conversationId, message: { id, message: `m${id}`, mine: false } }),
    });
  }
}

type LiveModule = typeof import("./live-messages");
let live: LiveModule;

beforeEach(async () => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.resetModules();
  live = await import("./live-messages");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the tab's live message stream", () => {
  it("opens one EventSource for every listener of the tab and closes it with the last", () => {
    const a = vi.fn();
    const b = vi.fn();
    const stopA = live.subscribeLiveMessages(a);
    const stopB = live.subscribeLiveMessages(b);
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(["/api/messages/stream"]);

    FakeEventSource.made[0]!.message(41);
    expect(a).toHaveBeenCalledWith(expect.objectContaining({ conversationId: 7 }));
    expect(b).toHaveBeenCalledTimes(1);

    stopA();
    expect(FakeEventSource.made[0]!.readyState).not.toBe(FakeEventSource.CLOSED);
    stopB();
    expect(FakeEventSource.made[0]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("opens a new stream carrying the last id when the browser gave up on the old one", () => {
    live.subscribeLiveMessages(() => {});
    const first = FakeEventSource.made[0]!;
    first.message(90);
    first.readyState = FakeEventSource.CLOSED;
    first.emit("error");
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    expect(FakeEventSource.made.map((s) => s.url)).toEqual([
      "/api/messages/stream",
      "/api/messages/stream?lastEventId=90",
    ]);
  });

  it("leaves a stream the browser is reconnecting by itself alone", () => {
    live.subscribeLiveMessages(() => {});
    FakeEventSource.made[0]!.emit("error"); // still CONNECTING: EventSource retries with Last-Event-ID
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("ignores an event that is not JSON", () => {
    const listener = vi.fn();
    live.subscribeLiveMessages(listener);
    FakeEventSource.made[0]!.emit("message", { lastEventId: "1", data: "{not json" });
    expect(listener).not.toHaveBeenCalled();
  });
});
