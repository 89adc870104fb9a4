import { adminKeywordSchema } from "@/lib/validation/orders";
import { findMembersByKeyword } from "@/server/admin/find-members-by-keyword";
import { route } from "@/server/http/route";

// POST /api/scripts/findMembersByKeyword: an admin searches members by username, email or name
export const POST = route({ role: "admin" }, async ({ req, db }) => {
  const { keyword } = adminKeywordSchema.parse(await req.json());
  return Response.json({ users: await findMembersByKeyword(db, { keyword }) });
});
