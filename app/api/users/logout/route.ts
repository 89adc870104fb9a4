import { NextResponse } from "next/server";
import { clearAuthCookies } from "@/server/auth/auth-cookies";
import { endAllSessions } from "@/server/auth/end-sessions";
import { route } from "@/server/http/route";
import { ok } from "@/server/openapi/declare";
import { messageAnswer } from "@/server/openapi/answers";

// POST /api/users/logout: end every session of the member (a copied token dies too) and clear the login cookies
export const POST = route(
  {
    public: true,
    doc: {
      summary: "End every session of the member and clear the login cookies",
      responses: ok(messageAnswer),
    },
  },
  async ({ member, db }) => {
    if (member) await endAllSessions(db, member.id);
    const response = NextResponse.json({ message: "You have been logged out." });
    clearAuthCookies(response.cookies);
    return response;
  },
);
