import { redirect } from "next/navigation";
import { getSessionMember } from "@/server/pages";

/**
 * The password pages are for people who cannot sign in: a signed-in member goes to the dashboard
 * (spec part 2 section 2). Reads the cookie, so it renders under <Suspense>.
 */
export async function RedirectIfSignedIn() {
  if (await getSessionMember()) redirect("/");
  return null;
}
