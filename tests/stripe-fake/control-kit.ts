/** What the control endpoints (control.ts, connect-control.ts) share: JSON in and out, the handler type. */
import type { ServerResponse } from "node:http";
import type { StripeFake } from "./fake";
import type { FakeState } from "./state";

export const send = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body, null, 2));

export function readJson(body: string): Record<string, unknown> {
  if (!body.trim()) return {};
  const parsed: unknown = JSON.parse(body);
  if (!parsed || typeof parsed !== "object") throw new Error("expected a JSON object");
  return parsed as Record<string, unknown>;
}

export const OK = { ok: true };

/**
 * Each control endpoint: its JSON answer (200), or `null` when it wrote the answer itself. `id` is
 * the path's first captured group; `state` serves the pages that stand in for Stripe's.
 */
export type ControlHandler = (
  fake: StripeFake,
  id: string,
  body: string,
  res: ServerResponse,
  url: URL,
  state: FakeState,
) => unknown;
