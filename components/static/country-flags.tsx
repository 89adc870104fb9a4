import { clsx as cx } from "clsx";

// The maple leaf of the federal flag (public domain), drawn in a 9600 x 4800 flag.
const MAPLE_LEAF =
  "M4890 4430l-45-863a95 95 0 0 1 111-98l859 151-116-320a65 65 0 0 1 20-73l941-762-212-99a65 65 0 0 1-34-79" +
  "l186-572-542 115a65 65 0 0 1-73-38l-105-247-423 454a65 65 0 0 1-111-57l204-1052-327 189a65 65 0 0 1-91-27" +
  "l-332-652-332 652a65 65 0 0 1-91 27l-327-189 204 1052a65 65 0 0 1-111 57l-423-454-105 247a65 65 0 0 1-73 38" +
  "l-542-115 186 572a65 65 0 0 1-34 79l-212 99 941 762a65 65 0 0 1 20 73l-116 320 859-151a95 95 0 0 1 111 98l-45 863z";

const flagClasses = "h-4 w-auto shrink-0 rounded-[2px] ring-1 ring-black/10";

/** Flag of Canada, decorative (the control beside it says "Canada"). */
export function CanadaFlag({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 9600 4800"
      aria-hidden="true"
      focusable="false"
      className={cx(flagClasses, className)}
    >
      <rect width="9600" height="4800" fill="#d52b1e" />
      <rect x="2400" width="4800" height="4800" fill="#fff" />
      <path d={MAPLE_LEAF} fill="#d52b1e" />
    </svg>
  );
}

// A five-pointed star of radius 120 as integer offsets, so server and browser draw identical points.
const STAR: readonly (readonly [number, number])[] = [
  [0, -120],
  [27, -37],
  [114, -37],
  [44, 14],
  [71, 97],
  [0, 46],
  [-71, 97],
  [-44, 14],
  [-114, -37],
  [-27, -37],
];

function starPoints(centreX: number, centreY: number): string {
  return STAR.map(([x, y]) => `${centreX + x},${centreY + y}`).join(" ");
}

// 50 stars: nine rows alternating six and five (the 19:10 flag, in units of 1/3900 of its height).
const STARS = Array.from({ length: 9 }, (_, row) =>
  Array.from({ length: row % 2 === 0 ? 6 : 5 }, (_, col) =>
    starPoints(247 + (row % 2) * 247 + col * 494, 210 + row * 210),
  ),
).flat();

/** Flag of the United States, decorative. */
export function UsaFlag({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 7410 3900"
      aria-hidden="true"
      focusable="false"
      className={cx(flagClasses, className)}
    >
      <rect width="7410" height="3900" fill="#fff" />
      {Array.from({ length: 7 }, (_, i) => (
        <rect key={i} y={i * 600} width="7410" height="300" fill="#b22234" />
      ))}
      <rect width="2964" height="2100" fill="#3c3b6e" />
      {STARS.map((points, i) => (
        <polygon key={i} points={points} fill="#fff" />
      ))}
    </svg>
  );
}
