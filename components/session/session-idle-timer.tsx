import { getSessionMember } from "@/server/auth/session";
import { LazyIdleTimer } from "./lazy-idle-timer";

/** The idle timer, for signed-in members only. Reads the session: render it under <Suspense>. */
export async function SessionIdleTimer() {
  const member = await getSessionMember();
  return member ? <LazyIdleTimer /> : null;
}
