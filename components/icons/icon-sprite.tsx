import type { ReactNode, SVGProps } from "react";
import { iconId, type IconName } from "./sprite-icon";

/*
 * The catalog cards' icons, drawn once per page: a card refers to a symbol with <use> instead of
 * repeating its path, which a page of cards did up to 150 times in its HTML (and again in the page
 * data for server-rendered cards). The shapes are lucide's (lucide-react 1.x, ISC), 24 x 24.
 */

/** Lucide's outline look: the symbol sets it, so a use needs only its size and colour classes. */
const OUTLINE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const satisfies SVGProps<SVGSymbolElement>;

const STAR_PATH =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";

const STAR_PATH_ID = "icon-star-path";

/** How many stars a score row draws; the "stars" symbol is this many star widths wide. */
export const STAR_COUNT = 5;

const SYMBOLS = {
  "map-pin": {
    viewBox: "0 0 24 24",
    paint: OUTLINE,
    shape: (
      <>
        <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
        <circle cx="12" cy="10" r="3" />
      </>
    ),
  },
  truck: {
    viewBox: "0 0 24 24",
    paint: OUTLINE,
    shape: (
      <>
        <path d="M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2" />
        <path d="M15 18H9" />
        <path d="M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14" />
        <circle cx="17" cy="18" r="2" />
        <circle cx="7" cy="18" r="2" />
      </>
    ),
  },
  store: {
    viewBox: "0 0 24 24",
    paint: OUTLINE,
    shape: (
      <>
        <path d="M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5" />
        <path d="M17.774 10.31a1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.451 0 1.12 1.12 0 0 0-1.548 0 2.5 2.5 0 0 1-3.452 0 1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.77-3.248l2.889-4.184A2 2 0 0 1 7 2h10a2 2 0 0 1 1.653.873l2.895 4.192a2.5 2.5 0 0 1-3.774 3.244" />
        <path d="M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05" />
      </>
    ),
  },
  // The placeholder of a product without an image, drawn large, so with a thinner line.
  "shopping-basket": {
    viewBox: "0 0 24 24",
    paint: { ...OUTLINE, strokeWidth: 1.25 },
    shape: (
      <>
        <path d="m15 11-1 9" />
        <path d="m19 11-4-7" />
        <path d="M2 11h20" />
        <path d="m3.5 11 1.6 7.4a2 2 0 0 0 2 1.6h9.8a2 2 0 0 0 2-1.6l1.7-7.4" />
        <path d="M4.5 15.5h15" />
        <path d="m5 11 4-7" />
        <path d="m9 11 1 9" />
      </>
    ),
  },
  // A score's five stars side by side, one element per row instead of five; the path is written
  // once and the other four stars reuse it, one star width apart.
  stars: {
    viewBox: `0 0 ${24 * STAR_COUNT} 24`,
    paint: { fill: "currentColor", stroke: "none" },
    shape: (
      <>
        <path id={STAR_PATH_ID} d={STAR_PATH} />
        {Array.from({ length: STAR_COUNT - 1 }, (_, i) => (
          <use key={i} href={`#${STAR_PATH_ID}`} x={24 * (i + 1)} />
        ))}
      </>
    ),
  },
  // The Ask The Farmer and Send Message buttons, one in every farmer's card.
  "message-circle": {
    viewBox: "0 0 24 24",
    paint: OUTLINE,
    shape: (
      <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />
    ),
  },
} satisfies Record<
  IconName,
  { viewBox: string; paint: SVGProps<SVGSymbolElement>; shape: ReactNode }
>;

export const ICON_NAMES = Object.keys(SYMBOLS) as IconName[];

/**
 * Every symbol, rendered once in the root layout: static, the same for every page and viewer, so
 * cached pages stay cached. Hidden from assistive technology and takes no space.
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute size-0 overflow-hidden">
      {ICON_NAMES.map((name) => {
        const { viewBox, paint, shape } = SYMBOLS[name];
        return (
          <symbol key={name} id={iconId(name)} viewBox={viewBox} {...paint}>
            {shape}
          </symbol>
        );
      })}
    </svg>
  );
}
