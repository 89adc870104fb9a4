import Link from "next/link";
import { FeatureLink } from "@/components/layout/feature-link";
import { SITE_NAME } from "@/lib/site";
import { HorizontalScroll } from "@/components/ui/scroll-area";
import { COOKIE_NAMES } from "@/lib/constants";
import type { LegalSection } from "./legal-document";

export const PRIVACY_UPDATED = "21 November 2026";

/** Every cookie the site sets (spec part 1, section 3, Cookies), with why and for how long. The
 * payment processor's own cookies on its card form are covered in the text. */
const COOKIES: { name: string; purpose: string; lasts: string }[] = [
  {
    name: COOKIE_NAMES.token,
    purpose: "Keeps you signed in. It cannot be read by the page's scripts.",
    lasts: "1 day",
  },
  {
    name: COOKIE_NAMES.authenticated,
    purpose: "Tells the page you are signed in, to show the right menus.",
    lasts: "1 day",
  },
  {
    name: COOKIE_NAMES.memberType,
    purpose: "Whether you are a customer, farmer or admin, to show the right menus.",
    lasts: "1 day",
  },
  {
    name: `${COOKIE_NAMES.cartPrefix}{pKey}`,
    purpose: "A product in your cart while you are not signed in (one cookie per product).",
    lasts: "Until you remove it or sign in",
  },
  {
    name: `${COOKIE_NAMES.dreamtrackerPrefix}{pKey}`,
    purpose: "A product in your Dream Tracker while you are not signed in.",
    lasts: "Until you remove it or sign in",
  },
  {
    name: COOKIE_NAMES.keyword,
    purpose: "Your last product search, so the list keeps it.",
    lasts: "Until you change it",
  },
  {
    name: COOKIE_NAMES.sortType,
    purpose: "How you sorted products: all, popular or latest.",
    lasts: "Until you change it",
  },
  {
    name: COOKIE_NAMES.locAddress,
    purpose: "The location you set in My Local, encrypted.",
    lasts: "Until you change it",
  },
  {
    name: COOKIE_NAMES.locRadius,
    purpose: "How far from that location to search, in km.",
    lasts: "Until you change it",
  },
];

function CookieTable() {
  return (
    <HorizontalScroll label="Cookies">
      <table className="w-full min-w-[34rem] border-collapse text-left text-[0.9375rem] leading-normal">
        <caption className="sr-only">Cookies the marketplace sets</caption>
        <thead className="bg-earth-100 text-stone-800">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Cookie
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              What it is for
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              How long
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 bg-white">
          {COOKIES.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row" className="px-4 py-3 align-top font-normal">
                <code>{cookie.name}</code>
              </th>
              <td className="px-4 py-3 align-top text-stone-700">{cookie.purpose}</td>
              <td className="px-4 py-3 align-top text-stone-700">{cookie.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}

const contact = (
  <FeatureLink feature="contact" href="/contactUs" fallback="Contact Us page (opening soon)">
    Contact Us page
  </FeatureLink>
);

/** The Privacy Policy, written for Canada's PIPEDA and for what the marketplace actually stores. */
export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: "scope",
    title: "Who we are",
    body: (
      <p>
        {SITE_NAME} runs this marketplace for farmers, gardeners and their customers. This policy
        explains what personal information we collect, why, who we share it with and the choices you
        have. We handle it in line with Canada&apos;s{" "}
        <em>Personal Information Protection and Electronic Documents Act</em> (PIPEDA). The
        marketplace is for people 18 and older; we do not knowingly collect information from anyone
        younger.
      </p>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, username, email address, phone number,
          address and currency. Your password is stored only as a one-way hash that nobody can read
          back.
        </li>
        <li>
          <strong>Farmers&apos; stores:</strong> store introduction, photo, products and the payment
          and delivery options you offer. Your payout bank account is held by our card payment
          provider, not by us; we keep only the reference it gives us.
        </li>
        <li>
          <strong>Location:</strong> the address, city, province or state and postal code you give
          us, the approximate coordinates we work out from them, and your search radius.
        </li>
        <li>
          <strong>Orders and payments:</strong> what you ordered, from whom, delivery details and
          the order&apos;s status. Card numbers go straight to our payment processor; we never see
          or store them.
        </li>
        <li>
          <strong>Messages and reviews:</strong> what you write to farmers or customers, and your
          reviews. If you message a farmer without an account, we keep the name and email you give
          so the reply can reach you.
        </li>
        <li>
          <strong>Security records:</strong> when you sign in from a new browser, the browser&apos;s
          description, the IP address and the approximate place it points to.
        </li>
        <li>
          <strong>Email preferences:</strong> which notifications you have turned off.
        </li>
      </ul>
    ),
  },
  // Added with the farms' Demand page (issue 44, item 5; decision 0046), after the policy's own
  // text, which stays as it was.
  {
    id: "demand-counts",
    title: "Addition: what we count for farms' Demand page",
    body: (
      <p>
        <em>This paragraph was added to the policy above.</em> When you search with a My Local
        location set and find nothing or little near you, or save a product in your Dream Tracker,
        we add one to a weekly count of people for that search or product name in a square of about
        20 km around your location. A farm sees such a count only when at least 5 different people
        make it up, and never your name, account, address or location. To count each person once a
        week we keep only a scrambled code, made with a key that changes every week from your
        account or from your IP address and browser; it cannot be turned back into who you are, and
        the code and that week&apos;s key are deleted once the week is over. Searches holding digits
        or an @ are never counted.
      </p>
    ),
  },
  {
    id: "why",
    title: "Why we use it",
    body: (
      <ul>
        <li>To run your account and show you the right pages.</li>
        <li>To show farms and products near you and sort them by distance.</li>
        <li>To take orders and payments, pay farmers and let both sides follow an order.</li>
        <li>To deliver messages, reviews and the emails you asked for, such as order updates.</li>
        <li>To protect accounts, for example by warning you of a sign-in from a new browser.</li>
        <li>To meet our legal, tax and accounting obligations.</li>
      </ul>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <>
        <p>
          We use only our own cookies, to make the site work and remember your choices. We use no
          advertising or third-party tracking cookies. The card form, when you pay by card, comes
          from our payment processor and may set its own cookies to prevent fraud.
        </p>
        <CookieTable />
        <p>
          Your browser lets you delete cookies at any time. Without <code>_token</code> you cannot
          stay signed in.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <ul>
          <li>
            <strong>The other side of an order or conversation:</strong> a farmer sees the name,
            contact details and delivery address a customer gives for an order; customers see a
            farmer&apos;s store details.
          </li>
          <li>
            <strong>Service providers</strong> who work for us under contract: our payment processor
            (Stripe), email delivery, hosting and file storage, and the map and geocoding service
            that turns an address into a position.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it.
          </li>
        </ul>
        <p>
          <strong>We do not sell your personal information.</strong> Some providers may process it
          outside Canada, for example in the United States, where it is subject to the laws of that
          country.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <p>
        We keep account information while your account is open. Order and payment records are kept
        for as long as tax and accounting law requires, even after an account is closed. Security
        records are kept for a limited time to protect accounts, then deleted.
      </p>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <p>
        Connections to the site are encrypted, passwords are hashed, the location cookie is
        encrypted, and every new sign-in is checked and reported to you with a link to block it.
        Only people who need it to run the marketplace can reach your information.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your choices and rights",
    body: (
      <>
        <ul>
          <li>You can see and correct most of your information in your profile and settings.</li>
          <li>Every notification email has a link to unsubscribe from that kind of email.</li>
          <li>
            You can ask for a copy of the personal information we hold about you, ask us to correct
            it, withdraw your consent or ask us to close your account, through our {contact}.
          </li>
        </ul>
        <p>
          If you are not satisfied with our answer, you can complain to the{" "}
          <a href="https://www.priv.gc.ca/">Office of the Privacy Commissioner of Canada</a>.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When this policy changes we update the date at the top. For an important change we tell
        registered members by email first. Our <Link href="/termsOfUse">Terms of Use</Link> explain
        the rest of the rules of the marketplace.
      </p>
    ),
  },
];
