import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AvatarUpload } from "@/components/account/avatar-upload";
import { LoginForm } from "@/components/auth/login-form";
import { CartButtons } from "@/components/cart/cart-buttons";
import { LoadMoreButton } from "@/components/catalog/load-more-button";
import { ContactDialog } from "@/components/orders/contact-dialog";
import { MobileMenu } from "./mobile-menu";
import { useHydrated } from "./use-hydrated";

// The HTML a page is served with, before its script runs: controls whose tap would do nothing
// until hydration are rendered disabled (e2e covers them enabled after hydration).

function Probe() {
  return <span>{useHydrated() ? "hydrated" : "server"}</span>;
}

function disabledButtons(html: string): string[] {
  return [...html.matchAll(/<button[^>]*\sdisabled=""[^>]*>(.*?)<\/button>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, ""),
  );
}

describe("before hydration", () => {
  it("useHydrated is false in the server render", () => {
    expect(renderToStaticMarkup(<Probe />)).toBe("<span>server</span>");
  });

  it("a product page's Add to Cart and Add to Dream Tracker are disabled, even in stock", () => {
    const html = renderToStaticMarkup(
      <CartButtons product={{ id: 7, pKey: "p7", inStock: true, name: "Carrots" }} qty={1} />,
    );
    expect(disabledButtons(html)).toEqual(["Add to Cart", "Add to Dream Tracker"]);
    expect(html).not.toContain("This product is out of stock.");
  });

  it("an order list's contact button is disabled", () => {
    const html = renderToStaticMarkup(
      <ContactDialog role="Customer" name="Ada Lovelace" email="ada@example.com" phone="" />,
    );
    expect(disabledButtons(html)).toEqual(["Ada Lovelace"]);
  });

  it("the login form cannot be submitted by the browser itself (no password in a URL)", () => {
    const html = renderToStaticMarkup(<LoginForm continueQuery="" />);
    expect(html).toMatch(/<form[^>]*\smethod="post"/);
    expect(disabledButtons(html)).toEqual(["Login"]);
  });

  it("a list's Load More is disabled", () => {
    const html = renderToStaticMarkup(
      <LoadMoreButton hasMore loading={false} error={null} announcement="" onLoadMore={() => {}} />,
    );
    expect(disabledButtons(html)).toEqual(["Load More"]);
  });

  it("the mobile menu button is disabled", () => {
    const html = renderToStaticMarkup(<MobileMenu sections={[]} pathname="/" unreadMessages={0} />);
    expect(html).toMatch(/<button[^>]*aria-label="Menu"[^>]*disabled=""/);
  });

  it("the profile image picker is disabled", () => {
    const html = renderToStaticMarkup(<AvatarUpload initialUrl={null} name="Ada" />);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*disabled=""/);
  });
});
