import { unstable_rethrow } from "next/navigation";
import { connection, NextResponse } from "next/server";
import { clearAuthCookies } from "@/server/auth/auth-cookies";
import { carriesLoginCookies } from "@/server/auth/session";
import { loadViewerAnswer } from "@/server/viewer/load-viewer-answer";
import { GENERIC_ERROR_MESSAGE } from "@/server/errors";
import { declareRoute } from "@/server/http/route-declaration";
import { log } from "@/server/log";
import { ok, text } from "@/server/openapi/declare";
import { parseRowId } from "@/lib/row-id";
import { viewerAnswer } from "@/server/openapi/answers";

// GET /api/viewer[?product={id}]: what the page shell shows per viewer (menus, badges, My Local),
// and on a product page the viewer's own review; one statement for a member, none for a visitor.
// It is written without route(), so its declaration states its access itself.
export const GET = declareRoute(answerViewer, {
  access: "public",
  doc: {
    summary: "What the page shell shows per viewer, and on a product page their own review",
    responses: ok(viewerAnswer),
    query: [{ product: text().optional() }],
  },
});

async function answerViewer(req: Request): Promise<Response> {
  // Per request, never prerendered: the answer is the viewer's.
  await connection();
  try {
    const product = new URL(req.url).searchParams.get("product");
    const productId = product === null ? null : parseRowId(product);
    const answer = await loadViewerAnswer(req, productId);
    const response = NextResponse.json(answer, {
      headers: { "Cache-Control": "private, no-store" },
    });
    // Spec part 1 section 4: when the session cannot be initialised (signed out elsewhere, the
    // password changed, blocked, expired), the login cookies go, so the menus and proxy.ts stop
    // treating the browser as signed in.
    if (answer.viewer === null && carriesLoginCookies(req)) clearAuthCookies(response.cookies);
    return response;
  } catch (error) {
    unstable_rethrow(error);
    log.error({ err: error }, "viewer answer failed");
    return Response.json(
      { message: GENERIC_ERROR_MESSAGE },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
}
