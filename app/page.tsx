import type { Metadata } from "next";
import { nearCity } from "@/components/catalog/catalog-metadata";
import {
  DashboardFarmersRow,
  DashboardProductRow,
  DashboardSearch,
} from "@/components/catalog/dashboard-rows";
import { SITE_NAME } from "@/components/layout/site";
import { FarmersMapSection } from "@/components/map/farmers-map-section";
import { ShellDescription } from "@/components/seo/shell-description";
import { HomeHero } from "@/components/static/home-hero";
import {
  HomeAudiences,
  HomeClosing,
  HomePayments,
  HomeSteps,
} from "@/components/static/home-sections";
import { getViewerCity } from "@/server/location/get-viewer-city";
import { pageMetadata } from "@/server/seo";

const DESCRIPTION =
  "Fresh fruit, vegetables and more, sold by the farmers and gardeners near you. Pick up at the farm or get it delivered, and pay by card or in person.";

/**
 * The title carries the visitor's city (spec part 1 section 2), so it is read per request and
 * streams; the description is the same for everyone and sits in the shell's <head> (ShellDescription).
 */
export async function generateMetadata(): Promise<Metadata> {
  const title = `${SITE_NAME}: fresh produce from farms ${nearCity(await getViewerCity())}`;
  return {
    ...pageMetadata({ title, description: DESCRIPTION, path: "/" }),
    // The root template would append the name again; the dashboard carries it once.
    title: { absolute: title },
    description: null,
  };
}

/**
 * Dashboard (spec part 1, section 2): the hero, then the catalog (search box, farmers map,
 * popular products, latest products and latest farmers, 4 at a time, each streaming under its own
 * <Suspense>), then the static sections.
 */
export default function DashboardPage() {
  return (
    <>
      <ShellDescription content={DESCRIPTION} />
      <HomeHero />
      <DashboardSearch />
      <FarmersMapSection />
      <DashboardProductRow sortType="popular" />
      <DashboardProductRow sortType="latest" />
      <DashboardFarmersRow />
      <HomeSteps />
      <HomeAudiences />
      <HomePayments />
      <HomeClosing />
    </>
  );
}
