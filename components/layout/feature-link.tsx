import Link from "next/link";
import type { ComponentProps, ReactNode } from "react";
import { isFeatureOn, type Feature } from "@/lib/features";

/**
 * A link to a page that may not exist yet. While its feature is off it renders `fallback`
 * (plain text by default, so a sentence still reads) instead of a dead link.
 */
export function FeatureLink({
  feature,
  fallback,
  children,
  ...props
}: ComponentProps<typeof Link> & { feature: Feature; fallback?: ReactNode }) {
  if (!isFeatureOn(feature)) return <>{fallback === undefined ? children : fallback}</>;
  return <Link {...props}>{children}</Link>;
}
