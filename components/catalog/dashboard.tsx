import "server-only";
import type { Metadata } from "next";
import { SITE_NAME } from "@/lib/site";
import { FarmersMapSection } from "@/components/map/farmers-map-section";
import { ShellDescription } from "@/components/seo/shell-description";
import { HomeHero } from "@/components/static/home-hero";
import {
  HomeAudiences,
  HomeClosing,
  HomePayments,
  HomeSteps,
} from "@/components/static/home-sections";
import { pageMetadata, type CatalogLists } from "@/server/pages";
import { nearCity } from "./catalog-metadata";
import { DashboardFarmersRow, DashboardProductRow, DashboardSearch } from "./dashboard-rows";

const DESCRIPTION =
  "Fresh fruit, vegetables and more, sold by the farmers and gardeners near you. Pick up at the farm or get it delivered, and pay by card or in person.";

/**
 * The title carries the visitor's city (spec part 1 section 2); the description is the same for
 * everyone and sits in the shell's <head> (ShellDescription), since the per-viewer dashboard's
 * metadata streams.
 */
export function dashboardMetadata(city: string): Metadata {
  const title = `${SITE_NAME}: fresh produce from farms ${nearCity(city)}`;
  return {
    ...pageMetadata({ title, description: DESCRIPTION, path: "/" }),
    // The root template would append the name again; the dashboard carries it once.
    title: { absolute: title },
    description: null,
  };
}

/**
 * Dashboard (spec part 1, section 2): the hero, then the catalog (search box, farmers map,
 * popular products, latest products and latest farmers, 4 at a time), then the static sections.
 * `lists` says whose catalog: the viewer's (each row streams under its own <Suspense>) or everyone's
 * (the shared copy, rendered once and cached whole).
 */
export function Dashboard({ lists }: { lists: CatalogLists }) {
  return (
    <>
      <ShellDescription content={DESCRIPTION} />
      <HomeHero />
      <DashboardSearch lists={lists} />
      <FarmersMapSection lists={lists} />
      <DashboardProductRow sortType="popular" lists={lists} />
      <DashboardProductRow sortType="latest" lists={lists} />
      <DashboardFarmersRow lists={lists} />
      <HomeSteps />
      <HomeAudiences />
      <HomePayments />
      <HomeClosing />
    </>
  );
}
