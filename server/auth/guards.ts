import "server-only";
import { redirect } from "next/navigation";
import { getSessionMember, type MemberType, type SessionMember } from "@/server/auth/session";

/**
 * Page guards for server components (the real check; proxy.ts is only a shortcut). Each one reads
 * the session from the `_token` cookie and redirects as the spec says.
 */

type LoginReturn = {
  /**
   * A page only merchants use: the path goes in `redirect`, which the spec's after-login rule
   * honours for merchants too (`redirectTo` would send them to their store instead).
   */
  merchantPage?: boolean;
};

/** The login address that comes back to `path` (path and query of the current page) afterwards. */
export function loginPathFor(path: string, { merchantPage = false }: LoginReturn = {}): string {
  return `/login?${new URLSearchParams({ [merchantPage ? "redirect" : "redirectTo"]: path }).toString()}`;
}

/** The signed-in member, or a redirect to login (loginPathFor) for a visitor. */
export async function requireMember(path: string, options?: LoginReturn): Promise<SessionMember> {
  const member = await getSessionMember();
  if (!member) redirect(loginPathFor(path, options));
  return member;
}

/**
 * The signed-in member of one of `roles`. A visitor goes to login; a member of another type goes
 * to the dashboard (spec part 1 section 6, part 2 section 2).
 */
export async function requireRole(
  path: string,
  roles: MemberType | readonly MemberType[],
): Promise<SessionMember> {
  const allowed: readonly MemberType[] = typeof roles === "string" ? [roles] : roles;
  const member = await requireMember(path, {
    merchantPage: allowed.length === 1 && allowed[0] === "merchant",
  });
  if (!allowed.includes(member.memberType)) redirect("/");
  return member;
}

/**
 * The signed-in admin. Anyone else, a visitor included, goes to the dashboard (spec part 2
 * section 2: "Non-admins and unauthenticated users who open an admin route are redirected to
 * dashboard"), so an admin page never hints that it exists.
 */
export async function requireAdmin(): Promise<SessionMember> {
  const member = await getSessionMember();
  if (!member || member.memberType !== "admin") redirect("/");
  return member;
}

/** Spec part 1 section 4: a profile missing its phone or currency sends the member to complete it. */
export function requireCompleteProfile(member: SessionMember): SessionMember {
  if (!member.hasCompleteProfile) redirect("/profile?notice=require_info");
  return member;
}
