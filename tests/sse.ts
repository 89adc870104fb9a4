/**
 * Reads server-sent events off a response body in tests: `next()` resolves with the next event
 * (comments skipped), or rejects after `timeoutMs` so a missing event fails instead of hanging.
 */
export type SseEvent = { id?: string; event?: string; data: string };

export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const comments: string[] = [];
  // A read outlives a timed-out wait: the next wait takes it over, so no chunk is lost.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  async function next(timeoutMs = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { data: "" };
        const data: string[] = [];
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) comments.push(line.slice(1).trim());
          else if (line.startsWith("id: ")) event.id = line.slice(4);
          else if (line.startsWith("event: ")) event.event = line.slice(7);
          else if (line.startsWith("data: ")) data.push(line.slice(6));
        }
        if (data.length === 0) continue;
        event.data = data.join("\n");
        return event;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no server-sent event in time");
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        (pending ??= reader.read()),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("no server-sent event in time")), left);
        }),
      ]).finally(() => clearTimeout(timer));
      pending = null;
      if (chunk.done) throw new Error("the stream ended");
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Resolves true if no event arrives within `ms` (for "nothing else was sent"). */
  async function isQuietFor(ms: number): Promise<boolean> {
    return next(ms).then(
      () => false,
      (error: Error) => {
        if (error.message !== "no server-sent event in time") throw error;
        return true;
      },
    );
  }

  return { next, isQuietFor, comments, cancel: () => reader.cancel().catch(() => {}) };
}
