import { parseRowId } from "@/lib/row-id";
import { PICKUP_MSG } from "@/lib/validation/pickup";
import { notFoundError } from "@/server/errors";
import { route } from "@/server/http/route";
import { text } from "@/server/openapi/declare";
import { removePickupWindow } from "@/server/pickup/farm-setup";

// DELETE /api/pickup/windows/{windowId}: the farm stops offering a window (orders keep theirs)
export const DELETE = route<{ windowId: string }>(
  {
    role: "merchant",
    doc: {
      summary: "The farm stops offering a window (orders keep theirs)",
      pathParams: { windowId: text() },
    },
  },
  async ({ member, db, params }) => {
    const windowId = parseRowId(params.windowId);
    if (windowId === null) throw notFoundError(PICKUP_MSG.window);
    await removePickupWindow(db, member.id, windowId);
    return Response.json({ message: "Pickup window removed." });
  },
);
