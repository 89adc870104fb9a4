/**
 * The HTTP edge: CORS for the browser stand-in of Stripe.js, the body read once, then /v1 to the API
 * (api.ts) and everything else to the control endpoints (control.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { serveApi, type Runtime } from "./api";
import { serveControl } from "./control";
import type { StripeFake } from "./fake";

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account",
  "Access-Control-Expose-Headers":
    "Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed",
  "Access-Control-Max-Age": "600",
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function handle(fake: StripeFake, rt: Runtime, req: IncomingMessage, res: ServerResponse) {
  for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
  if (req.method === "OPTIONS") return void res.writeHead(204).end();
  const body = await readBody(req);
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname.startsWith("/v1/")) return serveApi(rt, req, res, url, body);
  if (await serveControl(fake, rt.state, req, res, url, body)) return;
  res.writeHead(404, { "Content-Type": "application/json" }).end(
    JSON.stringify({
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
      },
    }),
  );
}

export function createFakeServer(fake: StripeFake, rt: Runtime): Server {
  return createServer((req, res) => {
    handle(fake, rt, req, res).catch((error: unknown) => {
      console.error("stripe fake: request failed", error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
}
