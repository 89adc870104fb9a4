import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  AUDIENCES,
  AudienceGuide,
  AudienceTabs,
  type Audience,
} from "@/components/static/how-it-works";
import { PageIntro } from "@/components/static/page-intro";
import { pageMetadata } from "@/server/seo";

type Props = { params: Promise<{ page?: string[] }> };

// howItWorks: /howItWorks/{page?}, page is customer or merchant, default customer (spec part 1, section 2).
export function generateStaticParams() {
  return [{ page: [] }, ...AUDIENCES.map((audience) => ({ page: [audience] }))];
}

/** The guide a path asks for; null for anything else (404). */
function toAudience(page: string[] | undefined): Audience | null {
  if (!page || page.length === 0) return "customer";
  const [first] = page;
  return page.length === 1 && AUDIENCES.includes(first as Audience) ? (first as Audience) : null;
}

const META: Record<Audience, { title: string; description: string; path: string }> = {
  customer: {
    path: "/howItWorks",
    title: "How it works for customers",
    description:
      "Find farms near you, fill your basket, pay by card or in person, and pick up or get it delivered.",
  },
  merchant: {
    path: "/howItWorks/merchant",
    title: "How it works for farmers",
    description:
      "Open a store for free, connect your payout account, list your products and get paid at handover.",
  },
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const audience = toAudience((await params).page);
  // /howItWorks/customer is the same page as /howItWorks: one canonical URL for both.
  return audience ? pageMetadata(META[audience]) : {};
}

export default async function HowItWorksPage({ params }: Props) {
  const audience = toAudience((await params).page);
  if (!audience) notFound();
  return (
    <>
      <PageIntro
        eyebrow="How it works"
        title="From the farm to your table"
        lead="A marketplace where farmers and gardeners sell fresh produce straight to the people who live nearby."
      >
        <AudienceTabs current={audience} />
      </PageIntro>
      <AudienceGuide audience={audience} />
    </>
  );
}
