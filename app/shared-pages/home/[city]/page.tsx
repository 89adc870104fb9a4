import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Dashboard, dashboardMetadata } from "@/components/catalog/dashboard";
import { SHARED_BUILD_PLACEHOLDER, fromSegment } from "@/lib/catalog/shared-pages";
import { VIEWER_CITY_FALLBACK } from "@/server/location/get-viewer-city";

type Props = { params: Promise<{ city: string }> };

export function generateStaticParams() {
  return [{ city: SHARED_BUILD_PLACEHOLDER }];
}

async function cityOf(params: Props["params"]): Promise<string | null> {
  const city = fromSegment((await params).city);
  return city === null ? null : city || VIEWER_CITY_FALLBACK;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const city = await cityOf(params);
  return city === null ? { title: "Page not found" } : dashboardMetadata(city);
}

// The dashboard as everyone without My Local sees it, for `city` (next.config.ts rewrites / here:
// lib/catalog/shared-pages.ts). Read outside <Suspense>: rendered on its first visit, then cached.
export default async function SharedDashboardPage({ params }: Props) {
  if ((await cityOf(params)) === null) notFound();
  return <Dashboard lists="shared" />;
}
