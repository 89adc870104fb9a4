import type { ReactNode } from "react";
import { PageIntro } from "./page-intro";

export type LegalSection = { id: string; title: string; body: ReactNode };

/**
 * A legal page: the title and date, an "On this page" list of anchors (sticky beside the text on
 * wide screens) and numbered sections set for reading.
 */
export function LegalDocument({
  title,
  lead,
  updated,
  sections,
}: {
  title: string;
  lead: ReactNode;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageIntro eyebrow="Legal" title={title} lead={lead}>
        <p className="mt-4 text-sm text-stone-600">Last updated {updated}</p>
      </PageIntro>
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label="On this page" className="lg:sticky lg:top-8 lg:self-start">
          <h2 className="text-xs font-semibold tracking-[0.1em] text-stone-600 uppercase">
            On this page
          </h2>
          <ol className="mt-3 space-y-1 border-l border-stone-200 text-[0.9375rem]">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="hover:border-leaf-600 hover:text-leaf-800 -ml-px block border-l-2 border-transparent py-1 pl-4 text-stone-700"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-[68ch] space-y-12">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className="text-xl font-bold sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className="legal-prose mt-4">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
