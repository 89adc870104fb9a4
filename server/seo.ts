import "server-only";
import type { Metadata } from "next";
import { createElement } from "react";
import { SITE_DESCRIPTION, SITE_NAME } from "@/lib/site";
import { getEnv } from "@/server/env";

/**
 * Search and sharing: absolute URLs from APP_URL, the Open Graph and Twitter defaults every page
 * starts from, and JSON-LD. APP_URL is read where the page renders, so pages prerendered by
 * `next build` carry the build's APP_URL: set it for the build as well as at run time.
 */

/** The public origin, e.g. `https://market.example.com` (the root layout's metadataBase). */
export function siteUrl(): URL {
  return new URL(getEnv().APP_URL);
}

/** `/products/12` → `https://market.example.com/products/12`; absolute URLs pass through. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, getEnv().APP_URL).toString();
}

export const OPEN_GRAPH_DEFAULTS = {
  siteName: SITE_NAME,
  locale: "en_CA",
  type: "website",
} as const;

/** What the root layout adds to its metadata: the base for relative URLs and sharing defaults. */
export function siteMetadataDefaults(): Metadata {
  return {
    metadataBase: siteUrl(),
    openGraph: { ...OPEN_GRAPH_DEFAULTS, title: SITE_NAME, description: SITE_DESCRIPTION },
    twitter: { card: "summary_large_image" },
  };
}

export type PageSeo = {
  /** The page's own title; the root layout's template appends the site name. */
  title: string;
  description: string;
  /** The page's path, which becomes its canonical URL. */
  path: string;
  /**
   * An image URL (relative or absolute) for link previews; its size only when it is known (a
   * wrong size is worse than none: previews crop by it).
   */
  image?: { url: string; width?: number; height?: number; alt: string } | null;
};

/**
 * Title, description, canonical URL, Open Graph and Twitter card of one page. Open Graph is
 * repeated whole because Next replaces a parent's `openGraph` rather than merging it.
 */
export function pageMetadata({ title, description, path, image }: PageSeo): Metadata {
  const url = absoluteUrl(path);
  const images = image ? [{ ...image, url: absoluteUrl(image.url) }] : undefined;
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { ...OPEN_GRAPH_DEFAULTS, title, description, url, images },
    twitter: {
      card: image ? "summary_large_image" : "summary",
      title,
      description,
      images: images?.map((i) => i.url),
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` are escaped as \u003c...
 * so no text (a product name such as `</script><script>...`) can end the script element, and
 * U+2028/U+2029 so the text stays valid JavaScript too.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Structured data for search engines, safely serialised. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return createElement("script", {
    type: "application/ld+json",
    dangerouslySetInnerHTML: { __html: serializeJsonLd(data) },
  });
}
