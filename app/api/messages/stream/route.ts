import { route } from "@/server/http/route";
import { getMessageHub, openMessageStream, parseLastEventId } from "@/server/messaging/live";
import { text } from "@/server/openapi/declare";

// GET /api/messages/stream: the signed-in member's new messages as server-sent events
export const GET = route(
  {
    doc: {
      summary: "The signed-in member's new messages as server-sent events",
      // parseLastEventId reads the header, else the query; anything but a row id starts afresh.
      query: [{ lastEventId: text().optional() }],
      headers: { "last-event-id": text().optional() },
      responses: [{ status: 200, description: "An event stream", mediaType: "text/event-stream" }],
    },
  },
  async ({ req, member, db }) => {
    const lastEventId = parseLastEventId(
      req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("lastEventId"),
    );
    const stream = await openMessageStream({
      db,
      hub: getMessageHub(db),
      memberId: member.id,
      lastEventId,
      signal: req.signal,
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        // Proxies such as nginx would otherwise hold the events back in their buffer.
        "X-Accel-Buffering": "no",
      },
    });
  },
);
