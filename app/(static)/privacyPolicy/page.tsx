import type { Metadata } from "next";
import { LegalDocument } from "@/components/static/legal-document";
import { PRIVACY_SECTIONS, PRIVACY_UPDATED } from "@/components/static/privacy-policy";
import { pageMetadata } from "@/server/seo";

/** Its own title, description, canonical URL and link preview (server/seo.ts). */
export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Privacy Policy",
    description:
      "What personal information the marketplace collects, why, who sees it, the cookies it sets and your rights.",
    path: "/privacyPolicy",
  });
}

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lead="What we collect about you, why, and what you can do about it."
      updated={PRIVACY_UPDATED}
      sections={PRIVACY_SECTIONS}
    />
  );
}
