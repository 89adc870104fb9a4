import "server-only";
import { headers } from "next/headers";
import { getSessionMember } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { readClientInfo } from "@/server/security";
import { getViewerLocation } from "./get-viewer-location";

import { VIEWER_CITY_FALLBACK } from "@/lib/location/viewer-city";

/** What `getViewerCity` answers when no city is known. */
export { VIEWER_CITY_FALLBACK };

/**
 * The city for titles and descriptions that carry the visitor's city (spec part 1 section 2): the
 * saved My Local city, else the city a trusted proxy reports (only with TRUST_PROXY_HEADERS, see
 * server/security/client-info.ts), else the phrase "near you" (compare with VIEWER_CITY_FALLBACK
 * to word the sentence). Reads cookies and headers: call it under <Suspense> or in
 * generateMetadata of a dynamic page.
 */
export async function getViewerCity(): Promise<string> {
  const location = await getViewerLocation(await getDb(), await getSessionMember());
  if (location?.city) return location.city;
  return readClientInfo(await headers()).place.city ?? VIEWER_CITY_FALLBACK;
}
