import { adminKeywordSchema } from "@/lib/validation/orders";
import { findMembersByKeyword } from "@/server/admin/find-members-by-keyword";
import { route } from "@/server/http/route";
import { json, ok } from "@/server/openapi/declare";
import { adminMembersAnswer } from "@/server/openapi/answers";

// POST /api/scripts/findMembersByKeyword: an admin searches members by username, email or name
export const POST = route(
  {
    role: "admin",
    doc: {
      summary: "Search members by username, email or name",
      body: json(adminKeywordSchema),
      responses: ok(adminMembersAnswer),
    },
  },
  async ({ req, db }) => {
    const { keyword } = adminKeywordSchema.parse(await req.json());
    return Response.json({ users: await findMembersByKeyword(db, { keyword }) });
  },
);
