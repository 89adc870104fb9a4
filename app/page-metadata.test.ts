import type { Metadata } from "next";
import { describe, expect, it } from "vitest";

// Every public page that is the same for everyone carries its own title, description, canonical
// URL and Open Graph tags (pageMetadata): Next replaces the root layout's Open Graph block rather
// than merging it, so a page without its own would share the site's generic preview.
const PAGES: [string, () => Promise<{ generateMetadata: (props: never) => unknown }>, unknown][] = [
  ["/pricing", () => import("@/app/(static)/pricing/page"), undefined],
  ["/termsOfUse", () => import("@/app/(static)/termsOfUse/page"), undefined],
  ["/privacyPolicy", () => import("@/app/(static)/privacyPolicy/page"), undefined],
  ["/credits", () => import("@/app/(static)/credits/page"), undefined],
  ["/contactUs", () => import("@/app/contactUs/page"), undefined],
  ["/register", () => import("@/app/register/page"), undefined],
  ["/merchants/register", () => import("@/app/merchants/register/page"), undefined],
  [
    "/howItWorks",
    () => import("@/app/(static)/howItWorks/[[...page]]/page"),
    { params: Promise.resolve({ page: ["customer"] }) },
  ],
  [
    "/howItWorks/merchant",
    () => import("@/app/(static)/howItWorks/[[...page]]/page"),
    { params: Promise.resolve({ page: ["merchant"] }) },
  ],
];

describe("public page metadata", () => {
  it.each(PAGES)("%s has its own canonical URL and link preview", async (path, load, props) => {
    const { generateMetadata } = await load();
    const metadata = (await generateMetadata(props as never)) as Metadata;
    const url = new URL(path, process.env.APP_URL ?? "http://localhost:3000").toString();
    expect(metadata.alternates?.canonical).toBe(url);
    expect(metadata.openGraph).toMatchObject({ title: metadata.title, url });
    expect(metadata.openGraph?.description).toBe(metadata.description);
    expect(String(metadata.description).length).toBeGreaterThan(40);
  });
});
