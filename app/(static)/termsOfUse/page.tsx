import type { Metadata } from "next";
import { LegalDocument } from "@/components/static/legal-document";
import { TERMS_SECTIONS, TERMS_UPDATED } from "@/components/static/terms-of-use";

export const metadata: Metadata = {
  title: "Terms of Use",
  description:
    "The rules for buying and selling on the marketplace: for people 18 or older, governed by the laws of Ontario.",
};

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
