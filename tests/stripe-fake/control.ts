/**
 * The fake's own endpoints, for browser tests and scripts (no API key): health, faults, state,
 * requests, webhook target and delivery, reset, disputes, and the 3-D Secure page.
 *
 *   GET    /health                      → 200 {ok: true}
 *   POST   /_fake/faults                JSON {method?, path (RegExp source), kind, times?}
 *   DELETE /_fake/faults
 *   GET    /_fake/state/:type           → {object: "list", data} (type: payment_intent, charge, ...)
 *   GET    /_fake/requests              → {data: request log}
 *   POST   /_fake/events/:id/deliver    JSON {times?} → {statuses}
 *   POST   /_fake/webhook-target        JSON {url: string | null}
 *   POST   /_fake/charges/:id/dispute   JSON {reason?, amount?} → the dispute
 *   POST   /_fake/reset
 *   GET    /_fake/3ds/:id?client_secret=...   the 3-D Secure page; its buttons POST /_fake/3ds/:id
 *   GET    /_fake/clock                 → {now}
 *   POST   /_fake/clock                 JSON {advanceSeconds} → {now} (fake.advanceClock)
 *   ... and the Connect ones listed in connect-control.ts
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { connectControl } from "./connect-control";
import { OK, readJson, send, type ControlHandler } from "./control-kit";
import { resourceMissing, StripeApiError } from "./errors";
import type { StripeFake } from "./fake";
import { faultFromJson } from "./faults";
import type { FakeState } from "./state";
import { returnUrlAfter, threeDSecurePage } from "./three-d-secure-page";

const CONTROL: Array<[method: string, path: RegExp, handler: ControlHandler]> = [
  ["GET", /^\/health$/, () => OK],
  [
    "POST",
    /^\/_fake\/faults$/,
    (fake, _, body) => (fake.injectFault(faultFromJson(readJson(body))), OK),
  ],
  ["DELETE", /^\/_fake\/faults$/, (fake) => (fake.clearFaults(), OK)],
  ["POST", /^\/_fake\/reset$/, (fake) => (fake.reset(), OK)],
  ["GET", /^\/_fake\/clock$/, (fake) => ({ now: fake.now() })],
  [
    "POST",
    /^\/_fake\/clock$/,
    (fake, _, body) => ({ now: fake.advanceClock(Number(readJson(body).advanceSeconds)) }),
  ],
  ["GET", /^\/_fake\/requests$/, (fake) => ({ data: fake.requests })],
  [
    "GET",
    /^\/_fake\/state\/(\w+)$/,
    (fake, type, _, __, url) => ({
      object: "list",
      data: fake.list(type),
      has_more: false,
      url: url.pathname,
    }),
  ],
  [
    "POST",
    /^\/_fake\/webhook-target$/,
    (fake, _, body) => {
      const target = readJson(body).url;
      fake.setWebhookTarget(typeof target === "string" ? target : null);
      return OK;
    },
  ],
  [
    "POST",
    /^\/_fake\/events\/([^/]+)\/deliver$/,
    async (fake, id, body) => {
      const event = fake.get("event", id);
      if (!event) throw resourceMissing("event", id);
      const times = readJson(body).times;
      return {
        statuses: await fake.deliver(event, { times: typeof times === "number" ? times : 1 }),
      };
    },
  ],
  [
    "POST",
    /^\/_fake\/charges\/([^/]+)\/dispute$/,
    (fake, id, body) => {
      const { reason, amount } = readJson(body);
      return fake.createDispute(id, {
        ...(typeof reason === "string" ? { reason } : {}),
        ...(typeof amount === "number" ? { amount } : {}),
      });
    },
  ],
  [
    "GET",
    /^\/_fake\/3ds\/([^/]+)$/,
    (fake, id, _, res, url) => serveThreeDSecure(fake, "GET", res, id, url.searchParams),
  ],
  [
    "POST",
    /^\/_fake\/3ds\/([^/]+)$/,
    (fake, id, body, res) => serveThreeDSecure(fake, "POST", res, id, new URLSearchParams(body)),
  ],
  ...connectControl,
];

/** Answers a control request; false when the path is not one. */
export async function serveControl(
  fake: StripeFake,
  state: FakeState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
): Promise<boolean> {
  for (const [method, path, handler] of CONTROL) {
    const match = method === req.method ? path.exec(url.pathname) : null;
    if (!match) continue;
    try {
      const answer = await handler(fake, decodeURIComponent(match[1] ?? ""), body, res, url, state);
      if (answer !== null) send(res, 200, answer);
    } catch (error) {
      if (error instanceof StripeApiError) send(res, error.status, error.toJSON());
      else
        send(res, 400, {
          error: { message: error instanceof Error ? error.message : String(error) },
        });
    }
    return true;
  }
  return false;
}

function serveThreeDSecure(
  fake: StripeFake,
  method: string,
  res: ServerResponse,
  id: string,
  query: URLSearchParams,
): null {
  const intent = fake.get("payment_intent", id) ?? fake.get("setup_intent", id);
  const clientSecret = query.get("client_secret") ?? "";
  if (!intent || intent.client_secret !== clientSecret) {
    res
      .writeHead(404, { "Content-Type": "text/plain" })
      .end("No such intent, or a wrong client_secret.");
    return null;
  }
  if (method === "GET") {
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(threeDSecurePage(intent, clientSecret));
    return null;
  }
  const nextAction = intent.next_action as {
    redirect_to_url?: { return_url?: string | null };
  } | null;
  const returnUrl = nextAction?.redirect_to_url?.return_url ?? null;
  const result = query.get("result") === "fail" ? "fail" : "succeed";
  const after = fake.authenticate(id, result);
  const target = returnUrlAfter(after, returnUrl);
  if (target) res.writeHead(303, { Location: target }).end();
  else
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><title>Done</title><p>Authentication ${after.status === "succeeded" ? "complete" : "failed"}.</p>`,
      );
  return null;
}
