import { getEnv } from "@/server/env";
import { route } from "@/server/http/route";
import { changeNotificationByLink, notificationLinkSchema } from "@/server/notifications";
import { ok, redirect, segment, text } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";

type Params = { type: string; userId: string };

/**
 * The List-Unsubscribe target of our mails. POST is RFC 8058 one-click (the mail provider posts
 * `List-Unsubscribe=One-Click`, form-encoded, no cookies); GET only sends a person to the page, which
 * asks for the change itself (a link scanner fetching this URL changes nothing).
 */

// POST /api/notifications/unsubscribe/{type}/{userKey}?sig=...: one-click unsubscribe
// (from the mail provider, wherever it runs: the signed link, not the origin, is the credential)
export const POST = route<Params>(
  {
    public: true,
    acceptsForeignPosts: true,
    doc: {
      summary: "RFC 8058 one-click unsubscribe from a mail (the signed link is the credential)",
      responses: ok(messageAnswer),
      pathParams: {
        type: notificationLinkSchema.shape.type,
        userId: notificationLinkSchema.shape.userId,
      },
      query: [{ sig: notificationLinkSchema.shape.sig }],
    },
  },
  async ({ req, db, params }) => {
    const input = notificationLinkSchema.parse({
      type: params.type,
      userId: params.userId,
      sig: new URL(req.url).searchParams.get("sig") ?? "",
    });
    const message = await changeNotificationByLink(db, { ...input, allowed: false });
    return Response.json({ message });
  },
);

// GET /api/notifications/unsubscribe/{type}/{userKey}?sig=...: to the unsubscribe page
export const GET = route<Params>(
  {
    public: true,
    doc: {
      summary: "Send a person to the unsubscribe page (changes nothing)",
      pathParams: { type: segment(), userId: segment() },
      query: [{ sig: text().optional() }],
      responses: redirect("To the unsubscribe page"),
    },
  },
  async ({ req, params }) => {
    const sig = new URL(req.url).searchParams.get("sig") ?? "";
    const page = new URL(
      `/unsubscribe/${encodeURIComponent(params.type)}/${encodeURIComponent(params.userId)}`,
      getEnv().APP_URL,
    );
    page.searchParams.set("sig", sig);
    return Response.redirect(page, 303);
  },
);
