import {
  MapPin,
  MessageCircle,
  ShoppingBasket,
  Star,
  Store,
  Truck,
  type LucideIcon,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MerchantCard } from "@/components/catalog/merchant-card";
import { ProductCard } from "@/components/catalog/product-card";
import { ScoreStars } from "@/components/catalog/score-stars";
import type { ProductCard as ProductCardData } from "@/lib/catalog/types";
import { ICON_NAMES, IconSprite, STAR_COUNT } from "./icon-sprite";
import { iconId, type IconName } from "./sprite-icon";

const SPRITE = renderToStaticMarkup(<IconSprite />);

const PRODUCT: ProductCardData = {
  id: 7,
  title: "Heirloom Tomatoes",
  detail: "Ripe on the vine.",
  price: "6.99",
  priceUnit: "2 lbs",
  currencySymbol: "$",
  currency: "CAD",
  deliveryMethod: "free_delivery",
  merchantUsername: "maple_ridge_farm",
  merchantCity: "Guelph",
  merchantProvinceState: "ON",
  image: null,
  score: 4.5,
  reviewCount: 12,
  inStock: true,
};

/** The inside of the symbol `name` in the sprite. */
function symbolBody(name: IconName): string {
  const body = SPRITE.match(new RegExp(`<symbol id="${iconId(name)}"[^>]*>(.*?)</symbol>`))?.[1];
  if (body === undefined) throw new Error(`no symbol ${name}`);
  return body;
}

/** Every `<use>` target in `html`, and whether each of its svgs is hidden from screen readers. */
function uses(html: string): { ids: string[]; allHidden: boolean } {
  const svgs = [...html.matchAll(/<svg([^>]*)><use href="#([^"]+)"/g)].map(
    ([, attributes = "", id = ""]) => ({ attributes, id }),
  );
  return {
    ids: svgs.map((svg) => svg.id),
    allHidden: svgs.every((svg) => svg.attributes.includes('aria-hidden="true"')),
  };
}

describe("IconSprite", () => {
  it("is hidden from screen readers and gives each icon one symbol id", () => {
    expect(SPRITE).toMatch(/^<svg aria-hidden="true" width="0" height="0"/);
    const ids = [...SPRITE.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(ICON_NAMES.map(iconId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each<[IconName, LucideIcon]>([
    ["map-pin", MapPin],
    ["truck", Truck],
    ["store", Store],
    ["shopping-basket", ShoppingBasket],
    ["message-circle", MessageCircle],
  ])("draws %s with lucide's own shapes", (name, Icon) => {
    const lucide = renderToStaticMarkup(<Icon />).replace(/^<svg[^>]*>|<\/svg>$/g, "");
    expect(symbolBody(name)).toBe(lucide);
  });

  it("draws a score's stars as five lucide stars, one star width apart", () => {
    const starPath = renderToStaticMarkup(<Star />).match(/ d="([^"]+)"/)?.[1];
    const body = symbolBody("stars");
    expect(body).toContain(`<path id="icon-star-path" d="${starPath}">`);
    const copies = [...body.matchAll(/<use href="#icon-star-path" x="(\d+)">/g)].map((m) => m[1]);
    expect(copies).toEqual(["24", "48", "72", "96"]);
    expect(copies).toHaveLength(STAR_COUNT - 1);
  });
});

describe("the catalog cards' icons", () => {
  const rendered = [
    renderToStaticMarkup(<ProductCard product={PRODUCT} />),
    renderToStaticMarkup(<ProductCard product={{ ...PRODUCT, deliveryMethod: "in_store" }} />),
    renderToStaticMarkup(
      <MerchantCard
        merchant={{
          id: 3,
          username: "maple_ridge_farm",
          introduction: "Apples.",
          city: "Guelph",
          province_state: "ON",
          avatar_image: null,
          rating: 0,
          review_count: 0,
        }}
      />,
    ),
  ];

  it("refer only to symbols the sprite has, and every one is decorative", () => {
    const all = rendered.map(uses);
    const ids = all.flatMap((u) => u.ids);
    expect(new Set(ids)).toEqual(
      new Set([
        "icon-shopping-basket",
        "icon-truck",
        "icon-store",
        "icon-map-pin",
        "icon-stars",
        "icon-message-circle",
      ]),
    );
    for (const id of ids) expect(SPRITE).toContain(`<symbol id="${id}"`);
    expect(all.every((u) => u.allHidden)).toBe(true);
    // No card repeats an icon's path, the farmer's Ask The Farmer button included.
    for (const html of rendered) expect(html).not.toContain("<path");
  });

  it("keeps the score's one spoken phrase, with grey stars under the gold ones", () => {
    const html = renderToStaticMarkup(<ScoreStars score={4.5} />);
    expect(html).toContain('role="img" aria-label="Rated 4.5 out of 5"');
    expect(uses(html).ids).toEqual(["icon-stars", "icon-stars"]);
    expect(html).toContain("width:90%");
  });
});
