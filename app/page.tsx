import type { Metadata } from "next";
import { SITE_DESCRIPTION, SITE_NAME } from "@/components/layout/site";
import { HomeHero } from "@/components/static/home-hero";
import {
  HomeAudiences,
  HomeClosing,
  HomePayments,
  HomeSteps,
} from "@/components/static/home-sections";

export const metadata: Metadata = {
  // The root template would append the name again; the dashboard carries it once.
  title: { absolute: `${SITE_NAME}: fresh produce from farms near you` },
  description: SITE_DESCRIPTION,
};

/**
 * Dashboard (spec part 1, section 2). The catalog rows land between the hero and the steps when
 * the catalog ships: search box, farmers map, popular products, latest products and latest
 * farmers (4 at a time), each a <HomeSection> with its own <Suspense> and cached data.
 */
export default function DashboardPage() {
  return (
    <>
      <HomeHero />
      <HomeSteps />
      <HomeAudiences />
      <HomePayments />
      <HomeClosing />
    </>
  );
}
