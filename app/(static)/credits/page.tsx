import type { Metadata } from "next";
import { PageIntro } from "@/components/static/page-intro";
import { pageMetadata } from "@/server/seo";

/** Its own title, description, canonical URL and link preview (server/seo.ts). */
export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Data credits",
    description: "The open data behind the marketplace's location search, and its licences.",
    path: "/credits",
  });
}

const linkClasses = "font-semibold text-leaf-800 underline underline-offset-4 hover:text-leaf-900";

// Attributions required by the CC BY 4.0 data in server/geo (see shared/data/geo/README.md).
export default function CreditsPage() {
  return (
    <>
      <PageIntro eyebrow="About" title="Data credits" />
      <div className="container-page py-12 sm:py-16">
        <div className="max-w-prose space-y-4 text-lg leading-relaxed text-stone-800">
          <p>
            Postal code data ©{" "}
            <a href="https://www.geonames.org/" className={linkClasses}>
              GeoNames
            </a>
            ,{" "}
            <a href="https://creativecommons.org/licenses/by/4.0/" className={linkClasses}>
              CC BY 4.0
            </a>
            ; city data ©{" "}
            <a href="https://simplemaps.com/data/canada-cities" className={linkClasses}>
              simplemaps.com
            </a>
            ,{" "}
            <a href="https://creativecommons.org/licenses/by/4.0/" className={linkClasses}>
              CC BY 4.0
            </a>
            .
          </p>
        </div>
      </div>
    </>
  );
}
