import type { MemberType } from "@/lib/constants";

/** What the menus, the shell and the viewer call know about the person looking at a page. */
export type Viewer = { role: MemberType; username: string; firstName: string };
