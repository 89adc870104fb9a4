import type { Metadata } from "next";
import { ContactForm } from "@/components/contact/contact-form";
import { PageIntro } from "@/components/static/page-intro";
import { pageMetadata } from "@/server/seo";

/** Its own title, description, canonical URL and link preview (server/seo.ts). */
export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Contact Us",
    description:
      "Questions about an order, your farm's store or the marketplace? Send us a message and the team will come back to you by email.",
    path: "/contactUs",
  });
}

// contactUs (spec part 2 sections 2, 5, 7, 8): the same page for everyone, the form fills in a
// signed-in member's name and email in the browser.
export default function ContactUsPage() {
  return (
    <>
      <PageIntro
        eyebrow="Contact Us"
        title="We'd love to hear from you"
        lead="Questions about an order, your farm's store or the marketplace itself? Send us a message and we will answer by email."
      />
      <section aria-labelledby="contact-form-title" className="container-page py-12 sm:py-16">
        <div className="shadow-card mx-auto max-w-2xl rounded-3xl border border-stone-200 bg-white p-6 sm:p-9">
          <h2 id="contact-form-title" className="mb-6 text-xl font-bold text-stone-900">
            Send us a message
          </h2>
          <ContactForm />
        </div>
      </section>
    </>
  );
}
