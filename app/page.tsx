import type { Metadata } from "next";
import { Dashboard, dashboardMetadata } from "@/components/catalog/dashboard";
import { getViewerCity } from "@/server/location/get-viewer-city";

/**
 * The dashboard as this viewer sees it: their My Local narrows the rows and the map, and the title
 * carries their city, so it renders per request. Visitors who have nothing of their own in it get
 * the shared copy instead (next.config.ts, app/shared-pages/home).
 */
export async function generateMetadata(): Promise<Metadata> {
  return dashboardMetadata(await getViewerCity());
}

export default function DashboardPage() {
  return <Dashboard lists="viewer" />;
}
