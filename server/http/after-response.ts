import "server-only";
import { after } from "next/server";
import { log } from "@/server/log";

/** What Next's after() says when it is called outside a request (a test or a script calling a handler). */
const OUTSIDE_REQUEST_SCOPE = "outside a request scope";

/**
 * Runs `task` once the HTTP answer has gone out (Next's `after()`), so the caller does not wait for
 * work it does not need to see: the server keeps the task alive until it ends. A task that throws is
 * logged under `label`, never turned into an error answer (the answer is already sent).
 *
 * Outside a Next request scope (a route handler called directly by a test, a script), `after()`
 * throws; the task then runs inline and this promise settles when it has finished, so such callers
 * still see its effects when the call returns. Any other refusal of `after()` is logged as a warning
 * and falls back to inline as well: slower, but the work is still done.
 *
 *   if (created) await afterResponse("order-placed emails", () => sendOrderPlacedEmails(db, orderId));
 */
export async function afterResponse(label: string, task: () => Promise<void>): Promise<void> {
  const guarded = async () => {
    try {
      await task();
    } catch (error) {
      log.error({ err: error, task: label }, "task after the response failed");
    }
  };
  try {
    after(guarded);
    return;
  } catch (error) {
    const outsideRequest = error instanceof Error && error.message.includes(OUTSIDE_REQUEST_SCOPE);
    if (outsideRequest)
      log.debug({ task: label }, "no request scope: running the task before answering");
    else
      log.warn(
        { err: error, task: label },
        "after() refused the task: running it before answering",
      );
  }
  await guarded();
}
