import type { Metadata } from "next";
import { LegalDocument } from "@/components/static/legal-document";
import { TERMS_SECTIONS, TERMS_UPDATED } from "@/components/static/terms-of-use";
import { pageMetadata } from "@/server/seo";

/** Its own title, description, canonical URL and link preview (server/seo.ts). */
export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Terms of Use",
    description:
      "The rules for buying and selling on the marketplace: for people 18 or older, governed by the laws of Ontario.",
    path: "/termsOfUse",
  });
}

export default function TermsOfUsePage() {
  return (
    <LegalDocument
      title="Terms of Use"
      lead="The rules for buying and selling on the marketplace, in plain language."
      updated={TERMS_UPDATED}
      sections={TERMS_SECTIONS}
    />
  );
}
