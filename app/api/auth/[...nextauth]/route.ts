import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { getAuthOptions } from "@/server/auth/auth-options";

// GET/POST /api/auth/*: next-auth's own endpoints (csrf, callback/credentials, session, signout).
type Context = { params: Promise<{ nextauth: string[] }> };

export async function GET(req: NextRequest, ctx: Context) {
  return NextAuth(getAuthOptions())(req, ctx);
}

export async function POST(req: NextRequest, ctx: Context) {
  return NextAuth(getAuthOptions())(req, ctx);
}
