import Link from "next/link";
import { FeatureLink } from "@/components/layout/feature-link";
import { SITE_NAME } from "@/lib/site";
import type { LegalSection } from "./legal-document";

export const TERMS_UPDATED = "21 November 2026";

/** The Terms of Use (spec part 2, section 9: users are 18 or older; the governing law is Ontario's). */
export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: "agreement",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms are an agreement between you and {SITE_NAME} (&ldquo;we&rdquo;,
          &ldquo;us&rdquo;), which runs this website: a marketplace where farmers and gardeners
          (&ldquo;farmers&rdquo;) sell fresh produce to customers who live near them. By using the
          site you agree to these terms and to our <Link href="/privacyPolicy">Privacy Policy</Link>
          . If you do not agree, please do not use the site.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Who can use the marketplace",
    body: (
      <>
        <p>
          <strong>You must be 18 or older</strong> to register, buy or sell. By creating an account
          you confirm that you are at least 18 and able to enter into a binding contract.
        </p>
        <ul>
          <li>
            Give true, current information and keep it up to date, including your contact details.
          </li>
          <li>
            Keep your password to yourself. You are responsible for what happens under your account.
          </li>
          <li>
            When your account is used from a browser we have not seen before, we email you. If it
            was not you, the link in that email blocks the sign-in and ends every session; then
            change your password.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "our-role",
    title: "Our role",
    body: (
      <>
        <p>
          We provide the place where farmers and customers meet.{" "}
          <strong>We are not the seller</strong> of any product: each sale is a contract between the
          customer and the farmer. Farmers are responsible for what they list, including its
          quality, safety, labelling and price, and for any licence, permit or tax that applies to
          what they sell.
        </p>
      </>
    ),
  },
  {
    id: "buying",
    title: "Buying",
    body: (
      <>
        <ul>
          <li>
            Prices are set by each farmer in Canadian or US dollars. One checkout is paid in one
            currency.
          </li>
          <li>
            <strong>Pay by card:</strong> your card is charged through our payment processor when
            you order, and the money is released to the farmer once they scan your order&apos;s QR
            code when you receive it.
          </li>
          <li>
            <strong>Pay in person:</strong> you pay the farmer directly at pickup or delivery. These
            payments do not go through us and carry no guarantee from the card payment provider.
          </li>
          <li>
            You can cancel an order from My Purchases while every item in it still qualifies for
            cancellation. After that, or for a problem with a product, contact the farmer first; we
            will help where we reasonably can.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "selling",
    title: "Selling",
    body: (
      <>
        <p>If you sell on the marketplace, you also agree that:</p>
        <ul>
          <li>
            Your listings are accurate, you can supply what you list and you keep its stock status
            current, and you honour the orders you accept.
          </li>
          <li>
            You follow every law and rule that applies to the food you sell, including food safety,
            labelling and licensing requirements.
          </li>
          <li>
            To sell you connect a payout bank account with our card payment provider and accept its
            terms. Card payments are paid out after you confirm the handover by scanning the
            customer&apos;s QR code, less the processor&apos;s fee and our handling fee as shown on
            the <Link href="/pricing">Pricing</Link> page and in the product form.
          </li>
          <li>
            The Basic plan is free and allows up to 2 products. Engager and Harvest are monthly
            subscriptions that renew until you cancel; when you cancel, your plan stays active until
            the end of the period you paid for. Plan prices are listed on the{" "}
            <Link href="/pricing">Pricing</Link> page, and applicable taxes may be added.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "content",
    title: "Messages, reviews and photos",
    body: (
      <>
        <p>
          Keep what you post honest, lawful and respectful. Reviews must describe your own
          experience. Do not post anyone else&apos;s personal information, spam, or content you have
          no right to share.
        </p>
        <p>
          You keep ownership of what you post. You give us a non-exclusive, royalty-free licence to
          host, show and adapt it (for example, resizing a photo) to run the marketplace. We may
          remove content that breaks these terms.
        </p>
      </>
    ),
  },
  {
    id: "not-allowed",
    title: "What is not allowed",
    body: (
      <ul>
        <li>Selling anything that is illegal, unsafe, recalled or not what it claims to be.</li>
        <li>
          Fraud, including paying or being paid outside the site to dodge an order you placed
          through it.
        </li>
        <li>
          Getting around security, probing for weaknesses, or collecting data from the site in bulk.
        </li>
        <li>Using another person&apos;s account, or harassing other members.</li>
      </ul>
    ),
  },
  {
    id: "suspension",
    title: "Suspending or closing accounts",
    body: (
      <p>
        We may suspend or close an account, or remove a listing, that breaks these terms or puts
        other members at risk. You can stop using the marketplace at any time; orders already placed
        must still be completed or cancelled.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and liability",
    body: (
      <>
        <p>
          We work to keep the marketplace available and accurate, but we provide it &ldquo;as
          is&rdquo;. We do not guarantee the products farmers sell, and to the extent the law allows
          we are not liable for indirect or consequential losses arising from your use of the site.
          Where we are liable, our liability is limited to the greater of CA$100 and the fees you
          paid us in the twelve months before the claim.
        </p>
        <p>
          Nothing in these terms limits rights you have under consumer protection law that cannot be
          waived, including Ontario&apos;s <em>Consumer Protection Act</em>.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by <strong>the laws of the Province of Ontario</strong> and the
        federal laws of Canada that apply there. The courts of Ontario have jurisdiction over any
        dispute about them, unless consumer protection law gives you the right to bring a claim
        where you live.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms as the marketplace changes. We change the date at the top of this
        page, and for an important change we tell registered members by email before it takes
        effect. Using the site after that means you accept the new terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms are welcome through our{" "}
        <FeatureLink feature="contact" href="/contactUs" fallback="Contact Us page (opening soon)">
          Contact Us page
        </FeatureLink>
        .
      </p>
    ),
  },
];
