// Writes the farm app's icons (public/icons) from public/favicon.svg: the sizes app stores and
// Chrome's installability check ask for, plus maskable ones whose leaf sits in the safe zone.
// Run: node scripts/write-app-icons.mjs (the icons are committed; run again after a logo change).
import { readFile } from "node:fs/promises";
import sharp from "sharp";

const svg = await readFile(new URL("../public/favicon.svg", import.meta.url));
const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname;
const GREEN = "#2f6b3c";

for (const size of [96, 180, 192, 512]) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(out(size === 180 ? "apple-touch-icon.png" : `icon-${size}.png`));
}
// Maskable: the logo at 70% on a full green square, so any mask shape keeps the leaf whole.
for (const size of [192, 512]) {
  const inner = Math.round(size * 0.7);
  const logo = await sharp(svg, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: GREEN } })
    .composite([{ input: logo, gravity: "centre" }])
    .png()
    .toFile(out(`maskable-${size}.png`));
}
