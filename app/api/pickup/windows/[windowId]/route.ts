import { parseRowId } from "@/lib/row-id";
import { PICKUP_MSG } from "@/lib/validation/pickup";
import { notFoundError } from "@/server/errors";
import { revalidateStore } from "@/server/catalog/revalidate-merchant";
import { route } from "@/server/http/route";
import { ok, segment } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";
import { removePickupWindow } from "@/server/pickup/farm-setup";

// DELETE /api/pickup/windows/{windowId}: the farm stops offering a window (orders keep theirs)
export const DELETE = route<{ windowId: string }>(
  {
    role: "merchant",
    doc: {
      summary: "The farm stops offering a window (orders keep theirs)",
      pathParams: { windowId: segment() },
      responses: ok(messageAnswer, "The window was removed"),
    },
  },
  async ({ member, db, params }) => {
    const windowId = parseRowId(params.windowId);
    if (windowId === null) throw notFoundError(PICKUP_MSG.window);
    await removePickupWindow(db, member.id, windowId);
    revalidateStore(member.username);
    return Response.json({ message: "Pickup window removed." });
  },
);
