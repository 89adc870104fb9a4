import { cookies, headers } from "next/headers";
import { defaultCountry } from "@/lib/input-format";
import { isFeatureOn } from "@/lib/features";
import { getSessionMember } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { getViewerLocation } from "@/server/location/get-viewer-location";
import { toLocationAnswer } from "@/server/location/types";
import { readClientInfo } from "@/server/security";
import { MY_LOCAL_DISMISSED_COOKIE } from "./my-local-paths";
import { MyLocalLauncher } from "./my-local-launcher";

/**
 * The My Local dialog's mount point in the root layout (render under <Suspense>: it reads the
 * session and cookies). Only visitors and customers get it (spec part 1 section 6). It opens by
 * itself for a viewer with no saved location who has not closed it this session; the dialog's
 * code loads only when it opens.
 */
export async function MyLocalDialogMount() {
  if (!isFeatureOn("myLocal")) return null;
  const member = await getSessionMember();
  if (member && member.memberType !== "customer") return null;

  const [location, cookieStore, requestHeaders] = await Promise.all([
    getViewerLocation(await getDb(), member),
    cookies(),
    headers(),
  ]);
  const dismissed = cookieStore.get(MY_LOCAL_DISMISSED_COOKIE)?.value === "1";
  return (
    <MyLocalLauncher
      initial={location ? toLocationAnswer(location) : null}
      defaultCountry={defaultCountry(readClientInfo(requestHeaders).place.country)}
      autoOpen={!location && !dismissed}
    />
  );
}
