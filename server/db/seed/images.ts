import "server-only";
import sharp from "sharp";

/**
 * Placeholder art for the demo shop: flat, shaded illustrations drawn as SVG and rendered by sharp
 * (librsvg, system fonts only), so the seed needs no network and no image files. The picture follows
 * the product name ("Cherry Tomatoes" draws tomatoes, "Apple Pie" a pie), the seed varies colours,
 * counts and layout, and the name is set as a caption.
 */

export type DemoImageCategory = "vegetables" | "fruit" | "eggs" | "honey" | "baked";

/** The product image slot: 1200 px wide at 80 % height. */
const W = 1200;
const H = 960;
const TABLE_Y = 620;
const GROUND = 770;
// The motifs are drawn at a comfortable working size and scaled up about the ground line.
const STAGE_SCALE = 1.2;

export async function renderProductImage(input: {
  category: DemoImageCategory;
  name: string;
  seed: number | string;
}): Promise<Buffer> {
  const rng = makeRng(input.seed, input.category, input.name);
  const art = new Art();
  const motif = chooseMotif(input.category, input.name);
  drawScene(art, rng, input.category);
  art.add(
    `<g transform="translate(${W / 2} ${GROUND}) scale(${STAGE_SCALE}) translate(${-W / 2} ${-GROUND})">`,
  );
  motif(art, rng, input.name.toLowerCase());
  art.add("</g>");
  drawCaption(art, input.name);
  return sharp(Buffer.from(art.svg(W, H)))
    .png({ compressionLevel: 8 })
    .toBuffer();
}

/** A square 400x400 avatar: the initials on a gradient with a soft leaf motif. */
export async function renderAvatar(input: {
  initials: string;
  seed: number | string;
}): Promise<Buffer> {
  const rng = makeRng(input.seed, "avatar", input.initials);
  const art = new Art();
  const base: Hsl = pick(rng, AVATAR_COLOURS);
  const hue: Hsl = [base[0] + between(rng, -8, 8), base[1], base[2]];
  art.add(
    `<rect width="400" height="400" fill="${art.linear(
      [
        [0, hsl(hue, 10)],
        [1, hsl(hue, -12)],
      ],
      [0, 0, 1, 1],
    )}"/>`,
  );
  for (let i = 0; i < 3; i++) {
    const angle = between(rng, 0, 360);
    const x = between(rng, 40, 360);
    const y = between(rng, 40, 360);
    const s = between(rng, 1.2, 2.4);
    art.add(
      `<path transform="translate(${f(x)},${f(y)}) rotate(${f(angle)}) scale(${f(s)})" d="${LEAF_PATH}" fill="${hsl(hue, 14, 0.35)}"/>`,
    );
  }
  const initials = [...input.initials.trim().toUpperCase()].slice(0, 2).join("") || "?";
  art.add(
    `<text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${initials.length > 1 ? 150 : 180}" fill="#fffdf7" fill-opacity="0.96">${escapeXml(initials)}</text>`,
  );
  return sharp(Buffer.from(art.svg(400, 400)))
    .png()
    .toBuffer();
}

const AVATAR_COLOURS: Hsl[] = [
  [140, 35, 38],
  [25, 60, 48],
  [200, 40, 40],
  [340, 35, 42],
  [45, 70, 42],
  [265, 25, 42],
  [175, 40, 34],
  [12, 55, 44],
];
const LEAF_PATH = "M0,0 C 18,-22 46,-24 64,0 C 46,24 18,22 0,0 Z";

// ------------------------------------------------------------------ randomness, colour, SVG building

type Rng = () => number;

/** mulberry32 seeded by an FNV-1a hash of the parts: the same inputs always draw the same picture. */
function makeRng(...parts: (string | number)[]): Rng {
  let h = 2166136261;
  for (const ch of parts.join("|")) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const f = (n: number) => (Math.round(n * 10) / 10).toString();

type Hsl = readonly [number, number, number];
function hsl([h, s, l]: Hsl, dl = 0, alpha = 1): string {
  const light = Math.max(0, Math.min(100, l + dl));
  return alpha === 1
    ? `hsl(${f(h)},${f(s)}%,${f(light)}%)`
    : `hsla(${f(h)},${f(s)}%,${f(light)}%,${alpha})`;
}
const jitter = (rng: Rng, [h, s, l]: Hsl, dh = 6, dl = 5): Hsl => [
  h + between(rng, -dh, dh),
  s,
  l + between(rng, -dl, dl),
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

class Art {
  // Soft edges come from gradients that fade to transparent: librsvg renders them far faster than blur filters.
  private readonly defs: string[] = [
    `<radialGradient id="shade"><stop offset="0" stop-color="#321e10" stop-opacity="0.55"/><stop offset="0.55" stop-color="#321e10" stop-opacity="0.3"/><stop offset="1" stop-color="#321e10" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="shine"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  ];
  private readonly fades = new Map<string, string>();
  private readonly parts: string[] = [];
  private next = 0;

  add(...svg: string[]): void {
    this.parts.push(...svg);
  }

  /** A ball-like fill lit from the upper left: light, base colour, shade. */
  shaded(base: Hsl, light = 16, dark = 18): string {
    const id = `g${this.next++}`;
    this.defs.push(
      `<radialGradient id="${id}" cx="0.4" cy="0.36" r="0.72" fx="0.34" fy="0.3"><stop offset="0" stop-color="${hsl(base, light)}"/><stop offset="0.5" stop-color="${hsl(base)}"/><stop offset="1" stop-color="${hsl(base, -dark)}"/></radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A colour fading out to transparent at the edge: blushes and glows. */
  fade(colour: string): string {
    let id = this.fades.get(colour);
    if (!id) {
      id = `g${this.next++}`;
      this.fades.set(colour, id);
      this.defs.push(
        `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
      );
    }
    return `url(#${id})`;
  }

  linear(stops: [number, string][], [x1, y1, x2, y2]: number[] = [0, 0, 0, 1]): string {
    const id = `g${this.next++}`;
    const s = stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("");
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Registers a definition (pattern, clip path) and returns its id. */
  define(make: (id: string) => string): string {
    const id = `d${this.next++}`;
    this.defs.push(make(id));
    return id;
  }

  svg(width: number, height: number): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${this.defs.join("")}</defs>${this.parts.join("")}</svg>`;
  }
}

/** A soft contact shadow under something resting on the table. */
function shadow(art: Art, x: number, y: number, rx: number, ry = rx * 0.22, opacity = 0.28): void {
  art.add(
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx * 1.2)}" ry="${f(ry * 1.3)}" fill="url(#shade)" opacity="${Math.min(1, opacity * 2.4)}"/>`,
  );
}

function highlight(art: Art, x: number, y: number, r: number, opacity = 0.45): void {
  art.add(
    `<ellipse cx="${f(x - r * 0.36)}" cy="${f(y - r * 0.42)}" rx="${f(r * 0.3)}" ry="${f(r * 0.18)}" transform="rotate(-35 ${f(x - r * 0.36)} ${f(y - r * 0.42)})" fill="url(#shine)" opacity="${opacity}"/>`,
  );
}

/** A smooth irregular closed shape around (cx, cy). */
function blob(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  wobble = 0.07,
  n = 12,
): string {
  const pts = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    const k = 1 + between(rng, -wobble, wobble);
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k] as const;
  });
  const mid = (i: number) => {
    const [ax, ay] = pts[i % n]!;
    const [bx, by] = pts[(i + 1) % n]!;
    return `${f((ax + bx) / 2)},${f((ay + by) / 2)}`;
  };
  let d = `M${mid(0)}`;
  for (let i = 1; i <= n; i++) d += ` Q${f(pts[i % n]![0])},${f(pts[i % n]![1])} ${mid(i)}`;
  return `${d}Z`;
}

/** Positions for round things heaped on the table, back rows first. */
function heap(
  rng: Rng,
  count: number,
  cx: number,
  r: number,
  spacing = 1.75,
): { x: number; y: number; r: number }[] {
  const rows: number[] = [];
  let width = Math.max(2, Math.ceil(count / 2));
  for (let left = count; left > 0;) {
    const n = Math.min(width, left);
    rows.push(n);
    left -= n;
    width = Math.max(1, width - 1);
  }
  const out: { x: number; y: number; r: number }[] = [];
  rows.forEach((n, row) => {
    const shift = row === 0 ? 0 : between(rng, -0.35, 0.35) * r;
    for (let i = 0; i < n; i++) {
      out.push({
        x: cx + shift + (i - (n - 1) / 2) * r * spacing + between(rng, -0.12, 0.12) * r,
        y: GROUND - r - row * r * 1.15 + between(rng, -0.1, 0.1) * r,
        r: r * between(rng, 0.9, 1.08),
      });
    }
  });
  return out.reverse();
}

// ------------------------------------------------------------------ scene and caption

const WALLS: Record<DemoImageCategory, Hsl[]> = {
  vegetables: [
    [95, 30, 86],
    [150, 22, 85],
    [48, 45, 88],
    [190, 25, 86],
  ],
  fruit: [
    [20, 60, 89],
    [345, 40, 90],
    [48, 60, 87],
    [160, 25, 87],
  ],
  eggs: [
    [42, 50, 88],
    [200, 35, 88],
    [100, 25, 87],
    [30, 35, 88],
  ],
  honey: [
    [42, 70, 86],
    [30, 55, 87],
    [55, 50, 86],
    [200, 25, 88],
  ],
  baked: [
    [30, 40, 87],
    [15, 35, 88],
    [45, 40, 86],
    [200, 15, 88],
  ],
};

function drawScene(art: Art, rng: Rng, category: DemoImageCategory): void {
  const wall = jitter(rng, pick(rng, WALLS[category]), 8, 2);
  art.add(
    `<rect width="${W}" height="${H}" fill="${art.linear([
      [0, hsl(wall, 5)],
      [1, hsl(wall, -5)],
    ])}"/>`,
  );

  const pattern = pick(rng, ["dots", "stripes", "hex", "plain"] as const);
  if (pattern !== "plain") {
    const id = art.define((pid) => {
      const ink = hsl(wall, -10, 0.5);
      if (pattern === "dots") {
        return `<pattern id="${pid}" width="48" height="48" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="3.5" fill="${ink}"/><circle cx="36" cy="36" r="3.5" fill="${ink}"/></pattern>`;
      }
      if (pattern === "stripes") {
        return `<pattern id="${pid}" width="64" height="10" patternUnits="userSpaceOnUse"><rect width="22" height="10" fill="${ink}"/></pattern>`;
      }
      return `<pattern id="${pid}" width="60" height="104" patternUnits="userSpaceOnUse"><path d="M30,0 L60,17 L60,52 L30,69 L0,52 L0,17 Z M30,69 L30,104" fill="none" stroke="${ink}" stroke-width="2.5"/></pattern>`;
    });
    art.add(`<rect width="${W}" height="${TABLE_Y}" fill="url(#${id})" opacity="0.7"/>`);
  }
  // Window light from the upper left.
  art.add(`<ellipse cx="260" cy="120" rx="720" ry="440" fill="url(#shine)" opacity="0.35"/>`);

  const surface = pick(rng, ["wood", "wood", "linen", "gingham"] as const);
  if (surface === "wood") {
    const wood = jitter(
      rng,
      pick(rng, [
        [30, 40, 52],
        [25, 35, 42],
        [35, 45, 62],
      ] as Hsl[]),
      4,
      4,
    );
    art.add(
      `<rect y="${TABLE_Y}" width="${W}" height="${H - TABLE_Y}" fill="${art.linear([
        [0, hsl(wood, 6)],
        [1, hsl(wood, -8)],
      ])}"/>`,
    );
    for (let y = TABLE_Y + 70; y < H; y += between(rng, 80, 110)) {
      art.add(`<rect y="${f(y)}" width="${W}" height="4" fill="${hsl(wood, -14, 0.55)}"/>`);
    }
    for (let i = 0; i < 26; i++) {
      const y = between(rng, TABLE_Y + 10, H);
      const x = between(rng, -100, W);
      const len = between(rng, 120, 420);
      art.add(
        `<path d="M${f(x)},${f(y)} q${f(len / 2)},${f(between(rng, -6, 6))} ${f(len)},0" stroke="${hsl(wood, between(rng, -12, 10), 0.35)}" stroke-width="${f(between(rng, 1.5, 3.5))}" fill="none"/>`,
      );
    }
  } else if (surface === "linen") {
    const linen: Hsl = jitter(rng, [40, 30, 90], 6, 2);
    art.add(
      `<rect y="${TABLE_Y}" width="${W}" height="${H - TABLE_Y}" fill="${art.linear([
        [0, hsl(linen, 3)],
        [1, hsl(linen, -7)],
      ])}"/>`,
    );
    for (let y = TABLE_Y + 6; y < H; y += 7)
      art.add(`<rect y="${y}" width="${W}" height="1.4" fill="${hsl(linen, -8, 0.35)}"/>`);
  } else {
    const check = pick(rng, [
      [0, 60, 50],
      [210, 55, 45],
      [140, 35, 40],
    ] as Hsl[]);
    const id = art.define(
      (pid) =>
        `<pattern id="${pid}" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="#fbf7ef"/><rect width="40" height="80" fill="${hsl(check, 0, 0.45)}"/><rect width="80" height="40" fill="${hsl(check, 0, 0.45)}"/></pattern>`,
    );
    art.add(`<rect y="${TABLE_Y}" width="${W}" height="${H - TABLE_Y}" fill="url(#${id})"/>`);
    art.add(
      `<rect y="${TABLE_Y}" width="${W}" height="${H - TABLE_Y}" fill="${art.linear([
        [0, "rgba(255,255,255,0.1)"],
        [1, "rgba(60,40,20,0.18)"],
      ])}"/>`,
    );
  }
  art.add(
    `<rect y="${TABLE_Y}" width="${W}" height="14" fill="${art.linear([
      [0, "rgba(40,25,10,0.22)"],
      [1, "rgba(40,25,10,0)"],
    ])}"/>`,
  );
}

function drawCaption(art: Art, fullName: string): void {
  const size = Math.max(38, Math.min(58, Math.floor(1500 / Math.max(fullName.length, 8))));
  // DejaVu Serif Bold averages about 0.66 em a character; longer names are cut with an ellipsis.
  const fits = Math.floor((W - 190) / (size * 0.66));
  const name = fullName.length > fits ? `${fullName.slice(0, fits - 1).trimEnd()}…` : fullName;
  const width = Math.min(W - 80, name.length * size * 0.66 + 110);
  const x = (W - width) / 2;
  const y = 846;
  const h = size * 1.75;
  art.add(
    `<rect x="${f(x + 6)}" y="${f(y + 10)}" width="${f(width)}" height="${f(h)}" rx="${f(h / 2)}" fill="rgba(40,25,10,0.18)"/>`,
  );
  art.add(
    `<rect x="${f(x)}" y="${y}" width="${f(width)}" height="${f(h)}" rx="${f(h / 2)}" fill="#fffaf0" fill-opacity="0.95" stroke="#7a5c3e" stroke-opacity="0.35" stroke-width="2"/>`,
  );
  art.add(
    `<text x="${W / 2}" y="${f(y + h / 2)}" dy="0.36em" text-anchor="middle" font-family="DejaVu Serif" font-weight="bold" font-size="${size}" fill="#3d2b1a">${escapeXml(name)}</text>`,
  );
}

// ------------------------------------------------------------------ choosing what to draw

type Motif = (art: Art, rng: Rng, name: string) => void;

// The first pattern that matches the lower-cased name picks the picture; the first entry is the default.
const MOTIFS: Record<DemoImageCategory, [RegExp, Motif][]> = {
  vegetables: [
    [/tomato/, (a, r, n) => tomatoes(a, r, /cherry|grape/.test(n))],
    [/carrot|parsnip/, carrots],
    [/beet|radish|turnip/, roots],
    [/lettuce|salad|spinach|kale|chard|callaloo|basil|greens|microgreen|herb/, leafy],
    [/scape/, scapes],
    [/garlic|onion|shallot/, bulbs],
    [/corn/, corn],
    [/zucchini|cucumber|squash/, gourds],
    [/potato/, potatoes],
    [/brussels/, (a, r) => smallBalls(a, r, [100, 45, 45], 34)],
    [/pepper|jalape|chili|chile/, peppers],
    [/asparagus|bean|\bpeas?\b|okra|rhubarb|leek/, spears],
    [/broccoli|cauliflower/, florets],
  ],
  fruit: [
    [/apple(?! cider)|apples/, apples],
    [/cider|syrup|juice/, bottle],
    [/pear/, pears],
    [/strawberr/, strawberries],
    [/raspberr|blueberr|haskap|gooseberr|currant|ground cherr|berr/, berries],
    [/cherr|grape/, cherriesOrGrapes],
    [/peach|apricot|plum|nectarine/, stoneFruit],
    [/melon|cantaloupe/, melons],
    [/rhubarb/, spears],
  ],
  eggs: [[/./, eggs]],
  honey: [
    [/honey(?!comb)|cream/, honeyJars],
    [/comb/, honeycomb],
    [/candle/, candles],
    [/pollen/, pollen],
  ],
  baked: [
    [/sourdough|loaf|bread|rye/, loaves],
    [/jam|jelly|pickle|granola|preserve|relish/, jars],
    [/baguette/, baguettes],
    [/pie|tart/, pies],
    [/doughnut|donut/, doughnuts],
    [/bun|roll/, buns],
    [/muffin|cupcake/, muffins],
    [/cookie/, cookies],
    [/focaccia/, focaccia],
  ],
};

function chooseMotif(category: DemoImageCategory, name: string): Motif {
  const lower = name.toLowerCase();
  if (category === "honey" && /bear/.test(lower)) return honeyBear;
  const motifs = MOTIFS[category];
  return motifs.find(([pattern]) => pattern.test(lower))?.[1] ?? motifs[0]![1];
}

// ------------------------------------------------------------------ vegetables

function calyx(art: Art, x: number, y: number, r: number, green: Hsl, points = 5): void {
  let d = "";
  for (let i = 0; i < points; i++) {
    const a = ((i / points) * 360 - 90) * (Math.PI / 180);
    const tx = x + Math.cos(a) * r;
    const ty = y + Math.sin(a) * r * 0.55;
    d += `M${f(x)},${f(y)} Q${f(x + Math.cos(a - 0.5) * r * 0.5)},${f(y + Math.sin(a - 0.5) * r * 0.3)} ${f(tx)},${f(ty)} Q${f(x + Math.cos(a + 0.5) * r * 0.5)},${f(y + Math.sin(a + 0.5) * r * 0.3)} ${f(x)},${f(y)}Z`;
  }
  art.add(`<path d="${d}" fill="${hsl(green)}"/>`);
  art.add(
    `<rect x="${f(x - r * 0.09)}" y="${f(y - r * 0.42)}" width="${f(r * 0.18)}" height="${f(r * 0.45)}" rx="${f(r * 0.08)}" fill="${hsl(green, -8)}"/>`,
  );
}

function tomatoes(art: Art, rng: Rng, cherry: boolean): void {
  const palette: Hsl[] = cherry
    ? [
        [4, 80, 50],
        [38, 95, 55],
        [8, 75, 45],
        [350, 45, 32],
      ]
    : [
        [4, 78, 48],
        [28, 90, 52],
        [48, 90, 55],
        [350, 40, 34],
        [95, 45, 45],
      ];
  const count = cherry ? Math.floor(between(rng, 12, 16)) : Math.floor(between(rng, 5, 7));
  const r = cherry ? 52 : 96;
  const spots = heap(rng, count, 600, r, cherry ? 1.8 : 1.85);
  shadow(art, 600, GROUND - 4, (count > 6 ? 4.6 : 3) * r, r * 0.5);
  for (const s of spots) {
    const c = jitter(rng, pick(rng, palette), 4, 4);
    art.add(
      `<ellipse cx="${f(s.x)}" cy="${f(s.y)}" rx="${f(s.r * 1.06)}" ry="${f(s.r * 0.9)}" fill="${art.shaded(c)}"/>`,
    );
    if (!cherry) {
      for (const dx of [-0.35, 0.35]) {
        art.add(
          `<path d="M${f(s.x + dx * s.r * 0.3)},${f(s.y - s.r * 0.8)} Q${f(s.x + dx * s.r * 1.6)},${f(s.y)} ${f(s.x + dx * s.r * 0.6)},${f(s.y + s.r * 0.8)}" stroke="${hsl(c, -14, 0.35)}" stroke-width="3" fill="none"/>`,
        );
      }
    }
    highlight(art, s.x, s.y, s.r);
    calyx(art, s.x, s.y - s.r * 0.82, s.r * 0.55, [110, 45, 32], 5);
  }
}

function carrots(art: Art, rng: Rng, name: string): void {
  const palette: Hsl[] = name.includes("parsnip")
    ? [
        [45, 45, 82],
        [40, 40, 78],
      ]
    : name.includes("rainbow")
      ? [
          [25, 90, 52],
          [280, 45, 32],
          [45, 90, 58],
          [15, 80, 50],
        ]
      : [
          [25, 90, 52],
          [22, 88, 50],
        ];
  const n = Math.floor(between(rng, 5, 7));
  shadow(art, 640, GROUND - 10, 420, 60);
  for (let i = 0; i < n; i++) {
    const y = 470 + i * (260 / n) + between(rng, -10, 10);
    const x = 390 + between(rng, -30, 30);
    const len = between(rng, 420, 540);
    const w = between(rng, 52, 70);
    const angle = -90 + between(rng, -9, 9);
    const c = jitter(rng, pick(rng, palette), 3, 4);
    const fronds = Array.from({ length: 5 }, () => {
      const dx = between(rng, -40, 40);
      const up = between(rng, 150, 240);
      return `<path d="M0,0 q${f(dx)},${f(-up / 2)} ${f(dx * 1.6)},${f(-up)}" stroke="${hsl([110, 45, between(rng, 30, 42)])}" stroke-width="${f(between(rng, 7, 11))}" stroke-linecap="round" fill="none"/>`;
    }).join("");
    const ridges = Array.from({ length: 6 }, (_, k) => {
      const yy = len * (0.15 + k * 0.12);
      const ww = w * (1 - yy / len) * 0.45;
      return `<path d="M${f(-ww)},${f(yy)} q${f(ww * 0.5)},4 ${f(ww)},0" stroke="${hsl(c, -16, 0.4)}" stroke-width="3" fill="none"/>`;
    }).join("");
    art.add(
      `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})">${fronds}<path d="M${f(-w / 2)},0 Q${f(-w / 2)},${f(len * 0.55)} 0,${f(len)} Q${f(w / 2)},${f(len * 0.55)} ${f(w / 2)},0 Q0,${f(-w * 0.25)} ${f(-w / 2)},0Z" fill="${art.linear(
        [
          [0, hsl(c, 12)],
          [0.5, hsl(c)],
          [1, hsl(c, -16)],
        ],
        [0, 0, 1, 0],
      )}"/>${ridges}</g>`,
    );
  }
}

function leaf(length: number, width: number): string {
  return `M0,0 C${f(width)},${f(-length * 0.2)} ${f(width)},${f(-length * 0.8)} 0,${f(-length)} C${f(-width)},${f(-length * 0.8)} ${f(-width)},${f(-length * 0.2)} 0,0Z`;
}

/** A glazed bowl: the far rim, then what `fill` draws, then the near side. */
function bowl(art: Art, rng: Rng, fill: (rimY: number) => void): void {
  const glaze: Hsl = jitter(
    rng,
    pick(rng, [
      [200, 30, 80],
      [30, 30, 88],
      [160, 20, 78],
      [15, 45, 70],
    ] as Hsl[]),
    4,
    3,
  );
  const rimY = 560;
  shadow(art, 600, GROUND - 6, 300, 45);
  art.add(`<ellipse cx="600" cy="${rimY}" rx="300" ry="56" fill="${hsl(glaze, -26)}"/>`);
  fill(rimY);
  art.add(
    `<path d="M300,${rimY} Q312,${GROUND - 20} 600,${GROUND - 12} Q888,${GROUND - 20} 900,${rimY} Q600,${rimY + 80} 300,${rimY}Z" fill="${art.linear(
      [
        [0, hsl(glaze, 8)],
        [0.5, hsl(glaze)],
        [1, hsl(glaze, -14)],
      ],
      [0, 0, 1, 0],
    )}"/>`,
  );
  art.add(
    `<path d="M300,${rimY} Q600,${rimY + 80} 900,${rimY}" stroke="${hsl(glaze, 12)}" stroke-width="8" fill="none"/>`,
  );
  art.add(`<ellipse cx="440" cy="${rimY + 80}" rx="70" ry="26" fill="url(#shine)" opacity="0.5"/>`);
}

function greensInBowl(art: Art, rng: Rng, name: string): void {
  const mixed = name.includes("salad");
  const palette: Hsl[] = mixed
    ? [
        [95, 50, 45],
        [110, 45, 35],
        [340, 35, 32],
        [80, 55, 55],
        [120, 35, 28],
      ]
    : [
        [120, 40, 28],
        [115, 45, 33],
      ];
  bowl(art, rng, (rimY) => {
    for (let i = 0; i < 34; i++) {
      const x = 340 + between(rng, 0, 520);
      const lift = Math.max(0, 1 - ((x - 600) / 300) ** 2);
      const c = jitter(rng, pick(rng, palette), 4, 5);
      const len = between(rng, 90, 150);
      art.add(
        `<g transform="translate(${f(x)},${f(rimY + 30 - lift * between(rng, 0, 60))}) rotate(${f(between(rng, -70, 70))})"><path d="${leaf(len, len * (mixed ? 0.36 : 0.42))}" fill="${art.shaded(c, 12, 12)}"/><path d="M0,0 L0,${f(-len * 0.85)}" stroke="${hsl(c, 20, 0.7)}" stroke-width="3"/></g>`,
      );
    }
    if (mixed) {
      for (let i = 0; i < 6; i++) {
        const x = between(rng, 380, 820);
        const y = rimY - between(rng, 10, 70);
        const petal = pick(rng, ["#f2a93b", "#e85d8a", "#f4d35e", "#9b6ad1"]);
        for (let k = 0; k < 5; k++) {
          const a = (k / 5) * Math.PI * 2;
          art.add(
            `<circle cx="${f(x + Math.cos(a) * 11)}" cy="${f(y + Math.sin(a) * 11)}" r="10" fill="${petal}"/>`,
          );
        }
        art.add(`<circle cx="${f(x)}" cy="${f(y)}" r="7" fill="#f7e27a"/>`);
      }
    }
  });
}

function microgreens(art: Art, rng: Rng): void {
  const wood: Hsl = jitter(rng, [32, 40, 58], 4, 4);
  const top = GROUND - 140;
  shadow(art, 600, GROUND - 4, 420, 50);
  art.add(`<rect x="200" y="${top - 24}" width="800" height="40" rx="6" fill="#4a3526"/>`);
  for (let i = 0; i < 220; i++) {
    const x = between(rng, 215, 985);
    const h = between(rng, 110, 220);
    const lean = between(rng, -22, 22);
    const c = jitter(rng, [95, 55, 48], 8, 8);
    art.add(
      `<path d="M${f(x)},${top} q${f(lean / 2)},${f(-h / 2)} ${f(lean)},${f(-h)}" stroke="#e8efd2" stroke-width="3.5" fill="none"/><g transform="translate(${f(x + lean)},${f(top - h)})"><path transform="rotate(-60)" d="${leaf(34, 12)}" fill="${hsl(c)}"/><path transform="rotate(60)" d="${leaf(34, 12)}" fill="${hsl(c, 6)}"/></g>`,
    );
  }
  art.add(
    `<rect x="190" y="${top}" width="820" height="${GROUND - 10 - top}" rx="8" fill="${art.linear([
      [0, hsl(wood, 6)],
      [1, hsl(wood, -10)],
    ])}"/>`,
  );
  art.add(
    `<path d="M190,${top + 64} L1010,${top + 64}" stroke="${hsl(wood, -16)}" stroke-width="3"/>`,
  );
}

function pottedHerb(art: Art, rng: Rng): void {
  const clay: Hsl = jitter(rng, [16, 55, 52], 3, 4);
  shadow(art, 600, GROUND - 4, 260, 45);
  for (let i = 0; i < 26; i++) {
    const angle = between(rng, -75, 75);
    const len = between(rng, 150, 260) * (1 - Math.abs(angle) / 200);
    const c = jitter(rng, [110, 55, 38], 5, 6);
    art.add(
      `<g transform="translate(${f(600 + angle * 0.8)},520) rotate(${f(angle)})"><path d="M0,0 L0,${f(-len * 0.7)}" stroke="#5f8d3a" stroke-width="5"/><g transform="translate(0,${f(-len * 0.6)})"><path transform="rotate(-35)" d="${leaf(len * 0.45, len * 0.17)}" fill="${art.shaded(c, 14, 12)}"/><path transform="rotate(35)" d="${leaf(len * 0.42, len * 0.16)}" fill="${art.shaded(c, 10, 14)}"/></g><path transform="translate(0,${f(-len * 0.7)})" d="${leaf(len * 0.38, len * 0.16)}" fill="${art.shaded(c, 16, 10)}"/></g>`,
    );
  }
  art.add(
    `<path d="M430,520 L770,520 L730,${GROUND - 8} L470,${GROUND - 8}Z" fill="${art.linear(
      [
        [0, hsl(clay, 8)],
        [0.5, hsl(clay)],
        [1, hsl(clay, -12)],
      ],
      [0, 0, 1, 0],
    )}"/>`,
  );
  art.add(
    `<rect x="410" y="500" width="380" height="60" rx="10" fill="${art.linear(
      [
        [0, hsl(clay, 10)],
        [1, hsl(clay, -8)],
      ],
      [0, 0, 1, 0],
    )}"/>`,
  );
}

function leafy(art: Art, rng: Rng, name: string): void {
  if (/salad|spinach/.test(name)) return greensInBowl(art, rng, name);
  if (/microgreen/.test(name)) return microgreens(art, rng);
  if (/basil|herb/.test(name)) return pottedHerb(art, rng);
  const chard = /chard|callaloo/.test(name);
  const small = /spinach|basil|microgreen|salad|herb/.test(name);
  const green: Hsl = /kale/.test(name)
    ? [150, 30, 30]
    : /basil/.test(name)
      ? [110, 55, 38]
      : /butter|lettuce/.test(name)
        ? [90, 50, 48]
        : [115, 45, 36];
  const stems: Hsl[] = chard
    ? [
        [350, 70, 45],
        [45, 90, 55],
        [330, 60, 60],
        [20, 85, 55],
      ]
    : [[90, 40, 70]];
  const bases = small ? [420, 600, 780] : [600];
  shadow(art, 600, GROUND - 6, small ? 470 : 340, 60);
  for (const bx of bases) {
    const n = small ? 9 : 13;
    const L = small ? between(rng, 170, 220) : between(rng, 330, 390);
    for (let i = 0; i < n; i++) {
      const t = i / (n - 1);
      const angle = (t - 0.5) * (small ? 120 : 150) + between(rng, -6, 6);
      const outer = Math.abs(t - 0.5) * 2;
      const c = jitter(rng, green, 5, 5);
      const shade: Hsl = [c[0], c[1], c[2] - outer * 8];
      const len = L * (1 - outer * 0.25) * between(rng, 0.9, 1.05);
      const stem = pick(rng, stems);
      art.add(
        `<g transform="translate(${f(bx)},${GROUND - 20}) rotate(${f(angle)})"><path d="M0,0 L0,${f(-len * 0.35)}" stroke="${hsl(stem)}" stroke-width="${chard ? 14 : 8}" stroke-linecap="round"/><g transform="translate(0,${f(-len * 0.25)})"><path d="${leaf(len * 0.8, len * (small ? 0.3 : 0.34))}" fill="${art.shaded(shade, 14, 14)}"/>${
          /kale/.test(name)
            ? `<path d="${leaf(len * 0.8, len * 0.34)}" fill="none" stroke="${hsl(shade, 12)}" stroke-width="6" stroke-dasharray="6 9"/>`
            : ""
        }<path d="M0,0 L0,${f(-len * 0.72)}" stroke="${chard ? hsl(stem) : hsl(shade, 22, 0.8)}" stroke-width="${chard ? 6 : 3}"/></g></g>`,
      );
    }
  }
  if (!small)
    art.add(`<rect x="566" y="${GROUND - 50}" width="68" height="22" rx="6" fill="#b08a5a"/>`);
}

function scapes(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 10, 380, 60);
  for (let i = 0; i < 7; i++) {
    const x = 260 + i * 26;
    const y = 520 + i * 28;
    const loop = between(rng, 70, 110);
    const c = jitter(rng, [100, 45, 40], 4, 5);
    art.add(
      `<path d="M${f(x)},${f(y)} C${f(x + 260)},${f(y - 40)} ${f(x + 420)},${f(y + 60)} ${f(x + 470)},${f(y)} C${f(x + 520)},${f(y - loop * 1.6)} ${f(x + 380)},${f(y - loop * 1.4)} ${f(x + 420)},${f(y - loop * 0.4)} C${f(x + 450)},${f(y + 20)} ${f(x + 580)},${f(y + 10)} ${f(x + 640)},${f(y - 40)}" stroke="${hsl(c)}" stroke-width="13" stroke-linecap="round" fill="none"/>`,
      `<path transform="translate(${f(x + 640)},${f(y - 40)}) rotate(60)" d="${leaf(70, 14)}" fill="${hsl(c, 14)}"/>`,
    );
  }
}

function bulbShape(x: number, y: number, r: number, neck: number): string {
  return `M${f(x)},${f(y - r - neck)} C${f(x + r * 0.2)},${f(y - r - neck * 0.4)} ${f(x + r)},${f(y - r * 0.75)} ${f(x + r)},${f(y)} A${f(r)},${f(r * 0.9)} 0 0 1 ${f(x - r)},${f(y)} C${f(x - r)},${f(y - r * 0.75)} ${f(x - r * 0.2)},${f(y - r - neck * 0.4)} ${f(x)},${f(y - r - neck)}Z`;
}

function bulbs(art: Art, rng: Rng, name: string): void {
  const garlic = name.includes("garlic");
  const base: Hsl = garlic ? [40, 30, 90] : name.includes("shallot") ? [20, 50, 55] : [330, 45, 38];
  const spots = heap(rng, Math.floor(between(rng, 5, 7)), 600, garlic ? 90 : 95, 1.9);
  shadow(art, 600, GROUND - 4, 320, 50);
  for (const s of spots) {
    const c = jitter(rng, base, 6, 4);
    const y = s.y + s.r * 0.15;
    art.add(`<path d="${bulbShape(s.x, y, s.r, s.r * 0.55)}" fill="${art.shaded(c, 10, 20)}"/>`);
    for (const k of [-0.55, -0.2, 0.2, 0.55]) {
      art.add(
        `<path d="M${f(s.x)},${f(y - s.r * 1.45)} Q${f(s.x + k * s.r * 1.9)},${f(y - s.r * 0.3)} ${f(s.x + k * s.r * 0.8)},${f(y + s.r * 0.85)}" stroke="${garlic ? hsl([300, 30, 60], 0, 0.45) : hsl(c, -14, 0.5)}" stroke-width="3" fill="none"/>`,
      );
    }
    if (garlic) {
      for (let k = -3; k <= 3; k++) {
        art.add(
          `<path d="M${f(s.x + k * 6)},${f(y + s.r * 0.86)} l${f(k * 4)},18" stroke="#cdbb9a" stroke-width="3" stroke-linecap="round"/>`,
        );
      }
    }
    highlight(art, s.x, y, s.r, 0.4);
  }
}

function corn(art: Art, rng: Rng): void {
  shadow(art, 620, GROUND - 10, 420, 55);
  for (let i = 0; i < 3; i++) {
    const x = 380 + i * 40;
    const y = 520 + i * 85;
    const angle = between(rng, -10, -4);
    const L = 560;
    const w = 70;
    const kernels: string[] = [];
    for (let row = 0; row < 7; row++) {
      for (let col = 0; col < 16; col++) {
        const cx = 60 + col * 29 + (row % 2) * 14;
        const cy = -w + 12 + row * 19.5;
        const shade = row < 2 ? 10 : row > 4 ? -10 : 0;
        const white = rng() < 0.35;
        kernels.push(
          `<ellipse cx="${cx}" cy="${f(cy)}" rx="13" ry="9.5" fill="${white ? hsl([50, 60, 88], shade) : hsl([46, 95, 58], shade)}"/>`,
        );
      }
    }
    const clip = art.define(
      (id) =>
        `<clipPath id="${id}"><rect x="30" y="${-w}" width="${L - 60}" height="${w * 2}" rx="${w}"/></clipPath>`,
    );
    art.add(
      `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})"><rect x="30" y="${-w}" width="${L - 60}" height="${w * 2}" rx="${w}" fill="${hsl([45, 80, 45])}"/><g clip-path="url(#${clip})">${kernels.join("")}</g>` +
        `<path d="M40,-20 C-60,-120 -160,-60 -220,-110 C-140,-20 -60,30 40,40Z" fill="${art.linear([
          [0, hsl([90, 45, 55])],
          [1, hsl([100, 45, 35])],
        ])}"/>` +
        `<path d="M50,10 C-40,90 -150,60 -230,110 C-140,-10 -50,-30 50,-20Z" fill="${art.linear([
          [0, hsl([95, 40, 45])],
          [1, hsl([85, 50, 60])],
        ])}"/></g>`,
    );
  }
}

function gourds(art: Art, rng: Rng, name: string): void {
  const butternut = name.includes("squash");
  const pickling = name.includes("pickling");
  const base: Hsl = butternut
    ? [35, 60, 70]
    : name.includes("cucumber")
      ? [120, 40, 32]
      : [105, 45, 30];
  const n = butternut ? 3 : pickling ? 8 : 4;
  shadow(art, 600, GROUND - 8, 430, 60);
  for (let i = 0; i < n; i++) {
    const L = butternut ? 380 : pickling ? 200 : between(rng, 460, 540);
    const w = butternut ? 100 : pickling ? 46 : 52;
    const x = pickling
      ? 250 + (i % 4) * 180 + between(rng, -20, 20)
      : 300 + between(rng, -40, 40) + (butternut ? i * 70 : 0);
    const y = pickling ? 560 + Math.floor(i / 4) * 120 : 500 + i * (butternut ? 80 : 62);
    const angle = between(rng, -12, 8);
    const c = jitter(rng, name.includes("zucchini") && i % 2 ? [48, 90, 52] : base, 4, 4);
    const fill = art.linear([
      [0, hsl(c, 14)],
      [0.45, hsl(c)],
      [1, hsl(c, -14)],
    ]);
    let body: string;
    if (butternut) {
      body = `<path d="M0,${-w * 0.45} C${L * 0.4},${-w * 0.5} ${L * 0.45},${-w} ${L * 0.72},${-w} A${w} ${w} 0 0 1 ${L * 0.72},${w} C${L * 0.45},${w} ${L * 0.4},${w * 0.5} 0,${w * 0.45} A${w * 0.45} ${w * 0.45} 0 0 1 0,${-w * 0.45}Z" fill="${fill}"/>`;
    } else {
      const specks = Array.from(
        { length: pickling ? 10 : 22 },
        () =>
          `<circle cx="${f(between(rng, 20, L - 20))}" cy="${f(between(rng, -w * 0.7, w * 0.7))}" r="${f(between(rng, 2, 4))}" fill="${pickling ? hsl(c, -12) : hsl(c, 22, 0.6)}"/>`,
      ).join("");
      body = `<rect x="0" y="${-w}" width="${L}" height="${w * 2}" rx="${w}" fill="${fill}"/>${specks}`;
    }
    art.add(
      `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})">${body}<rect x="${-18}" y="-10" width="30" height="20" rx="6" fill="${hsl([80, 30, 35])}"/></g>`,
    );
    art.add(
      `<ellipse cx="${f(x + L * 0.3)}" cy="${f(y - w * 0.5)}" rx="${f(L * 0.25)}" ry="${f(w * 0.16)}" fill="url(#shine)" opacity="0.35"/>`,
    );
  }
}

function potatoes(art: Art, rng: Rng): void {
  const spots = heap(rng, Math.floor(between(rng, 6, 9)), 600, 86, 1.95);
  shadow(art, 600, GROUND - 4, 360, 55);
  for (const s of spots) {
    const c = jitter(rng, [42, 55, 66], 4, 5);
    art.add(
      `<path d="${blob(rng, s.x, s.y, s.r * 1.25, s.r * 0.85, 0.09)}" fill="${art.shaded(c, 12, 22)}"/>`,
    );
    for (let k = 0; k < 4; k++) {
      const ex = s.x + between(rng, -0.8, 0.8) * s.r;
      const ey = s.y + between(rng, -0.5, 0.5) * s.r;
      art.add(
        `<path d="M${f(ex)},${f(ey)} q6,-5 12,0" stroke="${hsl(c, -25, 0.7)}" stroke-width="3" fill="none"/>`,
      );
    }
  }
}

function roots(art: Art, rng: Rng, name: string): void {
  const radish = name.includes("radish");
  const golden = name.includes("golden");
  const n = radish ? 7 : 4;
  const r = radish ? 58 : 92;
  shadow(art, 600, GROUND - 4, 380, 55);
  for (let i = 0; i < n; i++) {
    const x = 600 + (i - (n - 1) / 2) * r * 1.9 + between(rng, -10, 10);
    const y = GROUND - r - between(rng, 0, 20);
    const c = jitter(
      rng,
      radish ? [352, 75, 48] : golden && i % 2 ? [35, 85, 55] : [335, 60, 30],
      4,
      4,
    );
    for (let k = 0; k < 3; k++) {
      const angle = (k - 1) * 22 + between(rng, -6, 6);
      const len = radish ? between(rng, 150, 200) : between(rng, 230, 300);
      art.add(
        `<g transform="translate(${f(x)},${f(y - r * 0.8)}) rotate(${f(angle)})"><path d="M0,0 L0,${f(-len * 0.5)}" stroke="${radish ? "#7ba05b" : hsl(c, 8)}" stroke-width="9" stroke-linecap="round"/><g transform="translate(0,${f(-len * 0.42)})"><path d="${leaf(len * 0.6, len * 0.24)}" fill="${art.shaded([120, 38, 34], 12, 12)}"/><path d="M0,0 L0,${f(-len * 0.55)}" stroke="${radish ? "#b7d39a" : hsl(c, 10)}" stroke-width="3"/></g></g>`,
      );
    }
    art.add(
      `<path d="M${f(x)},${f(y + r * 0.9)} q${f(between(rng, -20, 20))},${f(r * 0.5)} ${f(between(rng, -10, 30))},${f(r * 0.9)}" stroke="${radish ? "#f3e6e0" : hsl(c, -6)}" stroke-width="5" stroke-linecap="round" fill="none"/>`,
    );
    const fill = radish
      ? art.linear([
          [0, hsl(c, 6)],
          [0.65, hsl(c)],
          [1, "#fbf3ee"],
        ])
      : art.shaded(c, 14, 14);
    art.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r)}" ry="${f(r * 0.95)}" fill="${fill}"/>`);
    highlight(art, x, y, r, 0.4);
  }
}

function smallBalls(art: Art, rng: Rng, base: Hsl, r: number): void {
  const spots = heap(rng, 15, 600, r * 1.3, 1.75);
  shadow(art, 600, GROUND - 4, 380, 50);
  for (const s of spots) {
    const c = jitter(rng, base, 5, 6);
    art.add(`<circle cx="${f(s.x)}" cy="${f(s.y)}" r="${f(s.r)}" fill="${art.shaded(c)}"/>`);
    art.add(
      `<path d="M${f(s.x - s.r * 0.7)},${f(s.y - s.r * 0.2)} Q${f(s.x)},${f(s.y + s.r * 0.5)} ${f(s.x + s.r * 0.7)},${f(s.y - s.r * 0.2)}" stroke="${hsl(c, 12, 0.7)}" stroke-width="2.5" fill="none"/>`,
    );
    highlight(art, s.x, s.y, s.r, 0.35);
  }
}

function peppers(art: Art, rng: Rng, name: string): void {
  const jalapeno = /jalape|chili|chile/.test(name);
  const bonnet = name.includes("bonnet");
  const palette: Hsl[] = jalapeno
    ? [
        [120, 45, 28],
        [125, 40, 32],
        [5, 70, 42],
      ]
    : [
        [4, 80, 46],
        [45, 95, 52],
        [28, 95, 50],
        [110, 50, 35],
      ];
  const n = jalapeno ? 7 : bonnet ? 8 : 5;
  const r = jalapeno ? 60 : bonnet ? 62 : 98;
  shadow(art, 600, GROUND - 4, 400, 55);
  const spots = jalapeno
    ? Array.from({ length: n }, (_, i) => ({
        x: 330 + (i % 4) * 150 + between(rng, -20, 20),
        y: 540 + Math.floor(i / 4) * 120,
        r,
      }))
    : heap(rng, n, 600, r, 1.9);
  for (const s of spots) {
    const c = jitter(rng, pick(rng, palette), 4, 4);
    if (jalapeno) {
      const angle = between(rng, -25, 25);
      art.add(
        `<g transform="translate(${f(s.x)},${f(s.y)}) rotate(${f(angle)})"><path d="M0,-30 C110,-44 220,-20 270,30 C200,24 110,30 0,34 A32 32 0 0 1 0,-30Z" fill="${art.shaded(c, 18, 14)}"/><path d="M0,-24 C-20,-30 -36,-20 -44,-40" stroke="#6b8e3a" stroke-width="12" stroke-linecap="round" fill="none"/></g>`,
      );
      continue;
    }
    const sy = bonnet ? 0.7 : 1;
    const lobes = [-0.42, 0.42, 0].map(
      (k) =>
        `<ellipse cx="${f(s.x + k * s.r)}" cy="${f(s.y)}" rx="${f(s.r * 0.62)}" ry="${f(s.r * sy)}" fill="${art.shaded(c, k === 0 ? 18 : 8, 18)}"/>`,
    );
    art.add(...lobes);
    art.add(
      `<path d="M${f(s.x)},${f(s.y - s.r * sy * 0.85)} c-4,-26 14,-46 34,-52" stroke="#5f8a32" stroke-width="${f(s.r * 0.16)}" stroke-linecap="round" fill="none"/>`,
    );
    art.add(
      `<ellipse cx="${f(s.x)}" cy="${f(s.y - s.r * sy * 0.85)}" rx="${f(s.r * 0.3)}" ry="${f(s.r * 0.1)}" fill="#4f7a2a"/>`,
    );
    highlight(art, s.x + s.r * 0.1, s.y, s.r * 0.8, 0.5);
  }
}

function spears(art: Art, rng: Rng, name: string): void {
  const kind = name.includes("asparagus")
    ? "asparagus"
    : name.includes("okra")
      ? "okra"
      : name.includes("rhubarb")
        ? "rhubarb"
        : name.includes("leek")
          ? "leek"
          : name.includes("pea")
            ? "pea"
            : "bean";
  const n = { asparagus: 11, okra: 9, rhubarb: 6, leek: 3, pea: 9, bean: 14 }[kind];
  const w = { asparagus: 22, okra: 40, rhubarb: 36, leek: 64, pea: 36, bean: 12 }[kind];
  const L = { asparagus: 640, okra: 330, rhubarb: 560, leek: 380, pea: 330, bean: 480 }[kind];
  shadow(art, 600, GROUND - 10, 460, 60);
  const short = kind === "okra" || kind === "pea";
  for (let i = 0; i < n; i++) {
    const x = short
      ? 260 + (i % 3) * 230 + between(rng, -20, 20)
      : kind === "leek"
        ? 260 + i * 30
        : 600 - L / 2 + between(rng, -20, 20);
    const y = short
      ? 540 + Math.floor(i / 3) * 85 + between(rng, -10, 10)
      : 520 + (i / n) * 190 + between(rng, -6, 6);
    const angle = short ? between(rng, -20, 20) : between(rng, -5, 3);
    const green = jitter(
      rng,
      kind === "pea" ? [100, 55, 50] : [105, 45, kind === "bean" ? 42 : 38],
      5,
      5,
    );
    let body: string;
    if (kind === "rhubarb") {
      body = `<rect x="0" y="${-w / 2}" width="${L}" height="${w}" rx="${w / 2}" fill="${art.linear(
        [
          [0, hsl([350, 65, 45])],
          [0.7, hsl([355, 55, 50])],
          [1, hsl([90, 45, 50])],
        ],
        [0, 0, 1, 0],
      )}"/><path transform="translate(${L - 10},0) rotate(${f(between(rng, 70, 110))})" d="${leaf(180, 110)}" fill="${art.shaded([110, 40, 36], 10, 14)}"/>`;
    } else if (kind === "leek") {
      const blades = [-9, 0, 9]
        .map(
          (a) =>
            `<path transform="translate(${L - 10},0) rotate(${90 + a + between(rng, -3, 3)})" d="${leaf(300, w * 0.42)}" fill="${art.linear(
              [
                [0, hsl([150, 30, 34])],
                [1, hsl([120, 35, 48])],
              ],
              [0, 0, 0, 1],
            )}"/>`,
        )
        .join("");
      const rootlets = Array.from(
        { length: 9 },
        (_, k) =>
          `<path d="M2,${(k - 4) * 6} q-20,${(k - 4) * 4} -34,${(k - 4) * 11}" stroke="#d8ccb0" stroke-width="3" fill="none"/>`,
      ).join("");
      body = `${blades}<rect x="0" y="${-w / 2}" width="${L}" height="${w}" rx="16" fill="${art.linear(
        [
          [0, "#f6f3e8"],
          [0.55, "#e4edc8"],
          [1, hsl([110, 40, 45])],
        ],
        [0, 0, 1, 0],
      )}"/><rect x="8" y="${-w / 2 + 8}" width="${L * 0.7}" height="10" rx="5" fill="#fff" fill-opacity="0.5"/>${rootlets}`;
    } else if (kind === "asparagus") {
      const scales = Array.from(
        { length: 6 },
        (_, k) =>
          `<path d="M${120 + k * 80},${-w / 2} l16,8" stroke="${hsl([300, 25, 40])}" stroke-width="4"/>`,
      ).join("");
      body = `<rect x="0" y="${-w / 2}" width="${L - 40}" height="${w}" rx="${w / 2}" fill="${art.linear(
        [
          [0, hsl(green, 14)],
          [1, hsl(green, -10)],
        ],
      )}"/>${scales}<path transform="translate(${L - 50},0) rotate(90)" d="${leaf(62, 18)}" fill="${hsl([300, 25, 38])}"/>`;
    } else if (kind === "okra") {
      body = `<path d="M0,${-w / 2} Q${L * 0.6},${-w / 2} ${L},0 Q${L * 0.6},${w / 2} 0,${w / 2}Z" fill="${art.linear(
        [
          [0, hsl(green, 14)],
          [1, hsl(green, -12)],
        ],
      )}"/><path d="M0,-6 Q${L * 0.6},-6 ${L},0 M0,8 Q${L * 0.6},8 ${L},0" stroke="${hsl(green, -14, 0.6)}" stroke-width="3" fill="none"/><rect x="-28" y="${-w / 2 + 4}" width="34" height="${w - 8}" rx="8" fill="${hsl([80, 35, 35])}"/>`;
    } else if (kind === "pea") {
      const peas = Array.from(
        { length: 5 },
        (_, k) => `<circle cx="${40 + k * 52}" cy="0" r="${w * 0.42}" fill="${hsl(green, 10)}"/>`,
      ).join("");
      body = `<path d="M0,0 Q${L / 2},${-w * 1.1} ${L},0 Q${L / 2},${w * 1.1} 0,0Z" fill="${hsl(green)}"/>${peas}<path d="M0,0 Q${L / 2},${-w * 1.1} ${L},0" stroke="${hsl(green, -14)}" stroke-width="3" fill="none"/>`;
    } else {
      body = `<path d="M0,0 Q${L / 2},${-w * 1.6} ${L},0" stroke="${hsl(green)}" stroke-width="${w}" stroke-linecap="round" fill="none"/>`;
    }
    art.add(`<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})">${body}</g>`);
  }
  if (!short && kind !== "rhubarb" && kind !== "leek") {
    art.add(
      `<rect x="${f(600 - 30)}" y="490" width="40" height="280" rx="10" fill="#b89163" transform="rotate(-2 600 640)"/>`,
    );
    art.add(
      `<path d="M575,500 L605,760 M590,500 L620,760" stroke="#8a6a44" stroke-width="2.5" transform="rotate(-2 600 640)"/>`,
    );
  }
}

function florets(art: Art, rng: Rng, name: string): void {
  const cauliflower = name.includes("cauliflower");
  const positions = cauliflower ? [600] : [430, 770];
  shadow(art, 600, GROUND - 6, 420, 60);
  for (const cx of positions) {
    const cy = cauliflower ? 520 : 480 + between(rng, -20, 20);
    if (cauliflower) {
      for (let k = 0; k < 7; k++) {
        const angle = (k - 3) * 28;
        art.add(
          `<g transform="translate(${cx},${GROUND - 30}) rotate(${angle})"><path d="${leaf(330, 120)}" fill="${art.shaded([110, 35, 38], 14, 14)}"/><path d="M0,0 L0,-300" stroke="#d9e8c4" stroke-width="5"/></g>`,
        );
      }
    } else {
      art.add(
        `<path d="M${cx - 40},${GROUND - 30} L${cx - 22},${cy + 40} L${cx + 22},${cy + 40} L${cx + 40},${GROUND - 30}Z" fill="${art.linear(
          [
            [0, "#a9c77a"],
            [1, "#7fa356"],
          ],
          [0, 0, 1, 0],
        )}"/>`,
      );
    }
    const R = cauliflower ? 190 : 150;
    const base: Hsl = cauliflower ? [48, 55, 88] : [130, 40, 30];
    for (let k = 0; k < (cauliflower ? 30 : 26); k++) {
      const a = between(rng, Math.PI, Math.PI * 2);
      const d = Math.sqrt(rng()) * R;
      const x = cx + Math.cos(a) * d;
      const y = cy + 20 + Math.sin(a) * d * 0.65;
      const r = between(rng, 36, 58);
      const c = jitter(rng, base, 4, 5);
      art.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${art.shaded(c, 12, 16)}"/>`);
      if (!cauliflower) {
        for (let d2 = 0; d2 < 5; d2++)
          art.add(
            `<circle cx="${f(x + between(rng, -r, r) * 0.6)}" cy="${f(y + between(rng, -r, r) * 0.6)}" r="5" fill="${hsl(c, 10, 0.6)}"/>`,
          );
      }
    }
  }
}

// ------------------------------------------------------------------ fruit

function apples(art: Art, rng: Rng, name: string): void {
  const palette: Hsl[] = name.includes("mcintosh")
    ? [
        [355, 70, 40],
        [350, 60, 35],
      ]
    : name.includes("mix") || name.includes("cider")
      ? [
          [355, 70, 42],
          [80, 60, 50],
          [45, 85, 55],
          [10, 75, 45],
        ]
      : [
          [355, 75, 45],
          [5, 80, 48],
        ];
  const blush: Hsl = name.includes("mcintosh") ? [90, 55, 45] : [48, 90, 58];
  const spots = heap(rng, Math.floor(between(rng, 6, 8)), 600, 92, 1.95);
  shadow(art, 600, GROUND - 4, 380, 55);
  for (const s of spots) {
    const c = jitter(rng, pick(rng, palette), 4, 4);
    art.add(
      `<path d="M${f(s.x)},${f(s.y - s.r * 0.75)} C${f(s.x + s.r * 0.5)},${f(s.y - s.r * 1.05)} ${f(s.x + s.r * 1.1)},${f(s.y - s.r * 0.8)} ${f(s.x + s.r * 1.05)},${f(s.y - s.r * 0.05)} C${f(s.x + s.r)},${f(s.y + s.r * 0.8)} ${f(s.x + s.r * 0.4)},${f(s.y + s.r * 0.95)} ${f(s.x)},${f(s.y + s.r * 0.85)} C${f(s.x - s.r * 0.4)},${f(s.y + s.r * 0.95)} ${f(s.x - s.r)},${f(s.y + s.r * 0.8)} ${f(s.x - s.r * 1.05)},${f(s.y - s.r * 0.05)} C${f(s.x - s.r * 1.1)},${f(s.y - s.r * 0.8)} ${f(s.x - s.r * 0.5)},${f(s.y - s.r * 1.05)} ${f(s.x)},${f(s.y - s.r * 0.75)}Z" fill="${art.shaded(c, 14, 18)}"/>`,
    );
    art.add(
      `<ellipse cx="${f(s.x + s.r * 0.45)}" cy="${f(s.y + s.r * 0.2)}" rx="${f(s.r * 0.45)}" ry="${f(s.r * 0.55)}" fill="${art.fade(hsl(blush))}" opacity="0.55"/>`,
    );
    highlight(art, s.x, s.y, s.r);
    art.add(
      `<path d="M${f(s.x)},${f(s.y - s.r * 0.72)} q-4,-30 10,-46" stroke="#6b4a2b" stroke-width="7" stroke-linecap="round" fill="none"/>`,
    );
    if (rng() < 0.5)
      art.add(
        `<path transform="translate(${f(s.x + 6)},${f(s.y - s.r * 1.05)}) rotate(${f(between(rng, 40, 70))})" d="${leaf(70, 24)}" fill="${hsl([110, 45, 38])}"/>`,
      );
  }
}

function pears(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 4, 340, 55);
  const n = 5;
  for (let i = 0; i < n; i++) {
    const r = between(rng, 82, 92);
    const x = 600 + (i - (n - 1) / 2) * 150 + between(rng, -10, 10);
    const y = GROUND - r - (i % 2) * 30;
    const c = jitter(rng, [60, 65, 55], 6, 5);
    art.add(
      `<g transform="rotate(${f(between(rng, -10, 10))} ${f(x)} ${f(y)})"><path d="M${f(x - r * 0.45)},${f(y - r * 1.55)} A${f(r * 0.45)} ${f(r * 0.45)} 0 0 1 ${f(x + r * 0.45)},${f(y - r * 1.55)} C${f(x + r * 0.55)},${f(y - r)} ${f(x + r)},${f(y - r * 0.6)} ${f(x + r)},${f(y)} A${f(r)} ${f(r * 0.9)} 0 0 1 ${f(x - r)},${f(y)} C${f(x - r)},${f(y - r * 0.6)} ${f(x - r * 0.55)},${f(y - r)} ${f(x - r * 0.45)},${f(y - r * 1.55)}Z" fill="${art.shaded(c, 14, 20)}"/><path d="M${f(x)},${f(y - r * 1.95)} q4,-30 -8,-50" stroke="#6b4a2b" stroke-width="7" stroke-linecap="round" fill="none"/></g>`,
    );
    art.add(
      `<ellipse cx="${f(x + r * 0.35)}" cy="${f(y)}" rx="${f(r * 0.4)}" ry="${f(r * 0.5)}" fill="${art.fade(hsl([15, 70, 55]))}" opacity="0.4"/>`,
    );
    highlight(art, x, y - r * 0.2, r);
  }
}

/** A wooden pint basket: the back wall, then the fruit (drawn by `fill`), then the front wall. */
function basket(art: Art, rng: Rng, fill: (top: number) => void): void {
  const wood: Hsl = jitter(rng, [35, 45, 62], 4, 4);
  const top = 520;
  shadow(art, 600, GROUND, 330, 55);
  art.add(`<ellipse cx="600" cy="${top}" rx="270" ry="46" fill="${hsl(wood, -22)}"/>`);
  fill(top);
  const slats = Array.from(
    { length: 9 },
    (_, k) =>
      `<path d="M${340 + k * 65},${top + 8} L${372 + k * 57},${GROUND - 2}" stroke="${hsl(wood, -14, 0.6)}" stroke-width="3"/>`,
  ).join("");
  art.add(
    `<path d="M330,${top} L372,${GROUND} L828,${GROUND} L870,${top} Q600,${top + 70} 330,${top}Z" fill="${art.linear(
      [
        [0, hsl(wood, 6)],
        [1, hsl(wood, -10)],
      ],
    )}"/>${slats}`,
  );
  art.add(
    `<path d="M330,${top} Q600,${top + 70} 870,${top}" stroke="${hsl(wood, -18)}" stroke-width="12" fill="none"/>`,
  );
}

function strawberries(art: Art, rng: Rng): void {
  const berry = (x: number, y: number, s: number, angle: number) => {
    const c = jitter(rng, [356, 80, 46], 3, 4);
    const w = 46 * s;
    const h = 100 * s;
    const seeds = Array.from(
      { length: 14 },
      () =>
        `<ellipse cx="${f(between(rng, -0.7, 0.7) * w * 0.8)}" cy="${f(between(rng, -0.25, 0.35) * h)}" rx="3" ry="4.5" fill="#f7d96b"/>`,
    ).join("");
    art.add(
      `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})"><path d="M${-w},${-h * 0.35} C${-w},${-h * 0.62} ${w},${-h * 0.62} ${w},${-h * 0.35} C${w},${h * 0.05} ${w * 0.25},${h * 0.45} 0,${h * 0.5} C${-w * 0.25},${h * 0.45} ${-w},${h * 0.05} ${-w},${-h * 0.35}Z" fill="${art.shaded(c, 16, 16)}"/>${seeds}</g>`,
    );
    calyx(art, x, y - h * 0.46, w * 0.9, [115, 50, 35], 7);
  };
  basket(art, rng, (top) => {
    for (let i = 0; i < 14; i++)
      berry(
        380 + (i % 7) * 72 + between(rng, -10, 10),
        top - 40 + Math.floor(i / 7) * 40 + between(rng, -10, 10),
        between(rng, 0.9, 1.05),
        between(rng, -25, 25),
      );
  });
  berry(260, GROUND - 60, 1.1, -70);
  berry(930, GROUND - 50, 1.05, 60);
}

function berries(art: Art, rng: Rng, name: string): void {
  const base: Hsl = name.includes("blue")
    ? [228, 40, 35]
    : name.includes("haskap")
      ? [245, 35, 32]
      : name.includes("goose")
        ? [85, 45, 62]
        : name.includes("currant")
          ? [280, 30, 14]
          : name.includes("ground cherr")
            ? [45, 90, 55]
            : [350, 70, 42];
  const raspberry = name.includes("raspberr");
  const r = raspberry ? 30 : name.includes("haskap") ? 26 : 24;
  basket(art, rng, (top) => {
    const spots = Array.from({ length: 64 }, () => {
      const x = 350 + between(rng, 0, 500);
      const dome = Math.max(0, 1 - ((x - 600) / 260) ** 2);
      return { x, y: top + 14 - between(rng, 0.15, 1) * 130 * dome };
    }).sort((a, b) => a.y - b.y);
    for (const { x, y } of spots) {
      const c = jitter(rng, base, 4, 5);
      if (raspberry) {
        for (let k = 0; k < 7; k++) {
          const a = (k / 7) * Math.PI * 2;
          art.add(
            `<circle cx="${f(x + Math.cos(a) * r * 0.5)}" cy="${f(y + Math.sin(a) * r * 0.5)}" r="${f(r * 0.45)}" fill="${art.shaded(c, 14, 14)}"/>`,
          );
        }
        art.add(
          `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.42)}" fill="${art.shaded(c, 18, 8)}"/>`,
        );
      } else {
        const stretch = name.includes("haskap") ? 1.5 : 1;
        art.add(
          `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r)}" ry="${f(r * stretch)}" fill="${art.shaded(c, 18, 14)}"/>`,
        );
        if (name.includes("blue"))
          art.add(`<circle cx="${f(x + 3)}" cy="${f(y - r * 0.55)}" r="5" fill="${hsl(c, -12)}"/>`);
        if (name.includes("goose"))
          art.add(
            `<path d="M${f(x)},${f(y - r)} Q${f(x + r * 0.7)},${f(y)} ${f(x)},${f(y + r)} M${f(x)},${f(y - r)} Q${f(x - r * 0.7)},${f(y)} ${f(x)},${f(y + r)}" stroke="${hsl(c, 18, 0.7)}" stroke-width="2" fill="none"/>`,
          );
        highlight(art, x, y, r, 0.55);
      }
    }
  });
}

function cherriesOrGrapes(art: Art, rng: Rng, name: string): void {
  if (name.includes("grape")) {
    shadow(art, 600, GROUND - 4, 320, 50);
    for (const cx of [470, 740]) {
      const c0: Hsl = jitter(rng, [265, 35, 32], 6, 4);
      art.add(
        `<path transform="translate(${cx + 20},350) rotate(-30)" d="${leaf(160, 80)}" fill="${art.shaded([100, 40, 40], 10, 12)}"/>`,
      );
      art.add(
        `<path d="M${cx},360 q10,-40 40,-50" stroke="#6b4a2b" stroke-width="8" fill="none" stroke-linecap="round"/>`,
      );
      for (let row = 0; row < 7; row++) {
        const count = Math.max(1, 6 - Math.floor(row * 0.8));
        for (let k = 0; k < count; k++) {
          const x = cx + (k - (count - 1) / 2) * 46 + between(rng, -5, 5);
          const y = 400 + row * 48 + between(rng, -5, 5);
          const c = jitter(rng, c0, 4, 5);
          art.add(`<circle cx="${f(x)}" cy="${f(y)}" r="29" fill="${art.shaded(c, 20, 14)}"/>`);
          highlight(art, x, y, 29, 0.35);
        }
      }
    }
    return;
  }
  const sour = name.includes("sour");
  shadow(art, 600, GROUND - 4, 400, 50);
  for (let i = 0; i < 8; i++) {
    const x = 320 + (i % 4) * 180 + between(rng, -20, 20);
    const y = GROUND - 50 - Math.floor(i / 4) * 130 + between(rng, -10, 10);
    const c = jitter(rng, sour ? [355, 80, 48] : [350, 70, 28], 4, 4);
    const tip = { x: x + 40 + between(rng, -10, 10), y: y - 210 };
    for (const dx of [-36, 36]) {
      art.add(
        `<path d="M${f(x + dx)},${f(y - 36)} Q${f(x + dx * 0.3)},${f(y - 150)} ${f(tip.x)},${f(tip.y)}" stroke="#5b7a33" stroke-width="6" fill="none" stroke-linecap="round"/>`,
      );
      art.add(`<circle cx="${f(x + dx)}" cy="${f(y)}" r="44" fill="${art.shaded(c, 18, 16)}"/>`);
      highlight(art, x + dx, y, 44, 0.55);
    }
  }
}

function stoneFruit(art: Art, rng: Rng, name: string): void {
  const plum = name.includes("plum");
  const base: Hsl = plum ? [275, 35, 32] : name.includes("apricot") ? [32, 90, 58] : [30, 90, 62];
  const r = plum ? 70 : name.includes("apricot") ? 70 : 90;
  const spots = heap(rng, Math.floor(between(rng, 6, 8)), 600, r, 1.95);
  shadow(art, 600, GROUND - 4, 360, 55);
  for (const s of spots) {
    const c = jitter(rng, base, 4, 4);
    art.add(
      `<ellipse cx="${f(s.x)}" cy="${f(s.y)}" rx="${f(s.r * (plum ? 0.9 : 1))}" ry="${f(s.r)}" fill="${art.shaded(c, 14, 18)}"/>`,
    );
    if (!plum)
      art.add(
        `<ellipse cx="${f(s.x + s.r * 0.3)}" cy="${f(s.y - s.r * 0.1)}" rx="${f(s.r * 0.6)}" ry="${f(s.r * 0.65)}" fill="${art.fade(hsl([355, 75, 48]))}" opacity="0.55"/>`,
      );
    art.add(
      `<path d="M${f(s.x - s.r * 0.05)},${f(s.y - s.r * 0.95)} Q${f(s.x - s.r * 0.45)},${f(s.y)} ${f(s.x - s.r * 0.1)},${f(s.y + s.r * 0.9)}" stroke="${hsl(c, -18, 0.5)}" stroke-width="4" fill="none"/>`,
    );
    highlight(art, s.x, s.y, s.r, plum ? 0.3 : 0.45);
    if (rng() < 0.4)
      art.add(
        `<path transform="translate(${f(s.x)},${f(s.y - s.r * 0.95)}) rotate(${f(between(rng, 30, 70))})" d="${leaf(80, 24)}" fill="${hsl([110, 45, 36])}"/>`,
      );
  }
}

function melons(art: Art, rng: Rng, name: string): void {
  const water = name.includes("water");
  shadow(art, 560, GROUND - 4, 360, 60);
  const R = 230;
  const cx = 500;
  const cy = GROUND - R * 0.85;
  if (water) {
    art.add(
      `<ellipse cx="${cx}" cy="${f(cy)}" rx="${R * 1.2}" ry="${R * 0.85}" fill="${art.shaded([110, 45, 38], 10, 16)}"/>`,
    );
    for (let k = -3; k <= 3; k++) {
      art.add(
        `<path d="M${cx + k * 55},${f(cy - R * 0.82)} Q${cx + k * 95},${f(cy)} ${cx + k * 55},${f(cy + R * 0.82)}" stroke="${hsl([120, 50, 22], 0, 0.7)}" stroke-width="${f(between(rng, 16, 24))}" fill="none"/>`,
      );
    }
  } else {
    art.add(
      `<circle cx="${cx}" cy="${f(cy + 20)}" r="${R}" fill="${art.shaded([40, 45, 62], 10, 18)}"/>`,
    );
    const clip = art.define(
      (id) => `<clipPath id="${id}"><circle cx="${cx}" cy="${f(cy + 20)}" r="${R}"/></clipPath>`,
    );
    const net = Array.from({ length: 34 }, (_, k) => {
      const x = cx - R * 1.6 + (k % 17) * 40 + between(rng, -8, 8);
      const dir = k < 17 ? 1 : -1;
      return `<path d="M${f(x)},${f(cy - R)} q${f(dir * 140)},${f(R)} ${f(dir * 170)},${f(R * 2.2)}" stroke="#f1e6c8" stroke-width="3.5" fill="none"/>`;
    }).join("");
    art.add(`<g clip-path="url(#${clip})" opacity="0.6">${net}</g>`);
  }
  highlight(art, cx, cy, R, 0.3);
  const sx = 840;
  const sy = GROUND - 30;
  const flesh = water ? "#e8434f" : "#f59a45";
  art.add(
    `<path d="M${sx - 180},${sy} A180 150 0 0 1 ${sx + 180},${sy}Z" fill="${water ? "#2f6b2e" : "#c9b27c"}"/>`,
  );
  art.add(
    `<path d="M${sx - 164},${sy} A164 136 0 0 1 ${sx + 164},${sy}Z" fill="${water ? "#f4f1d8" : "#e6d7a8"}"/>`,
  );
  art.add(`<path d="M${sx - 150},${sy} A150 124 0 0 1 ${sx + 150},${sy}Z" fill="${flesh}"/>`);
  if (water) {
    for (let k = 0; k < 9; k++) {
      const a = Math.PI + (k + 0.5) * (Math.PI / 9);
      art.add(
        `<ellipse cx="${f(sx + Math.cos(a) * 90)}" cy="${f(sy + Math.sin(a) * 70)}" rx="6" ry="10" fill="#2b1a14" transform="rotate(${f((a * 180) / Math.PI + 90)} ${f(sx + Math.cos(a) * 90)} ${f(sy + Math.sin(a) * 70)})"/>`,
      );
    }
  }
}

function bottle(art: Art, rng: Rng, name: string): void {
  const syrup = name.includes("syrup");
  const liquid: Hsl = syrup ? [30, 85, 40] : [32, 75, 45];
  shadow(art, 600, GROUND - 4, 300, 50);
  const items = syrup ? [480, 720] : [600];
  for (const x of items) {
    const bw = syrup ? 90 : 150;
    const top = syrup ? 330 : 300;
    art.add(
      `<rect x="${x - 26}" y="${top - 40}" width="52" height="60" rx="8" fill="${syrup ? "#b5282e" : "#2d2a26"}"/>`,
    );
    art.add(
      `<path d="M${x - 24},${top + 10} L${x - 24},${top + 60} Q${x - bw},${top + 90} ${x - bw},${top + 160} L${x - bw},${GROUND - 40} Q${x - bw},${GROUND - 20} ${x - bw + 20},${GROUND - 20} L${x + bw - 20},${GROUND - 20} Q${x + bw},${GROUND - 20} ${x + bw},${GROUND - 40} L${x + bw},${top + 160} Q${x + bw},${top + 90} ${x + 24},${top + 60} L${x + 24},${top + 10}Z" fill="${art.linear(
        [
          [0, hsl(liquid, -10)],
          [0.35, hsl(liquid, 12)],
          [1, hsl(liquid, -16)],
        ],
        [0, 0, 1, 0],
      )}"/>`,
    );
    if (!syrup)
      art.add(
        `<path d="M${x + bw - 10},${top + 170} q90,20 70,150 q-10,60 -70,70" stroke="${hsl(liquid, -8)}" stroke-width="24" fill="none"/>`,
      );
    art.add(
      `<rect x="${x - bw + 22}" y="${top + 140}" width="18" height="${GROUND - top - 200}" rx="9" fill="#fff" fill-opacity="0.3"/>`,
    );
    art.add(
      `<rect x="${x - bw * 0.7}" y="${top + 230}" width="${bw * 1.4}" height="${syrup ? 130 : 150}" rx="12" fill="#f6ecd6"/>`,
    );
    art.add(
      `<path transform="translate(${x},${top + (syrup ? 295 : 305)}) scale(${syrup ? 0.9 : 1.1})" d="M0,-44 L9,-22 L26,-30 L20,-6 L40,-4 L26,10 L32,22 L8,18 L4,44 L-4,44 L-8,18 L-32,22 L-26,10 L-40,-4 L-20,-6 L-26,-30 L-9,-22Z" fill="${syrup ? "#c0392b" : "#8e5a2b"}"/>`,
    );
  }
  if (!syrup) {
    for (let i = 0; i < 3; i++) {
      const x = 800 + i * 85 + between(rng, -10, 10);
      art.add(
        `<circle cx="${f(x)}" cy="${GROUND - 60}" r="56" fill="${art.shaded(jitter(rng, [355, 70, 44], 4, 4))}"/>`,
      );
      highlight(art, x, GROUND - 60, 56);
    }
  }
}

// ------------------------------------------------------------------ eggs

const EGG_COLOURS: [RegExp, Hsl[]][] = [
  [
    /blue|green/,
    [
      [190, 35, 78],
      [160, 25, 72],
      [200, 30, 82],
      [95, 20, 70],
    ],
  ],
  [
    /duck/,
    [
      [45, 25, 93],
      [60, 15, 88],
    ],
  ],
  [/goose/, [[40, 20, 94]]],
  [/quail/, [[40, 35, 80]]],
  [
    /heritage/,
    [
      [25, 45, 58],
      [35, 40, 80],
      [20, 40, 48],
    ],
  ],
  [
    /brown|jumbo|medium|pasture/,
    [
      [25, 48, 56],
      [22, 45, 50],
      [28, 50, 62],
    ],
  ],
];

function eggShape(x: number, y: number, r: number): string {
  return `M${f(x)},${f(y - r * 1.3)} C${f(x + r * 0.75)},${f(y - r * 1.3)} ${f(x + r)},${f(y - r * 0.35)} ${f(x + r)},${f(y + r * 0.15)} C${f(x + r)},${f(y + r * 0.75)} ${f(x + r * 0.55)},${f(y + r)} ${f(x)},${f(y + r)} C${f(x - r * 0.55)},${f(y + r)} ${f(x - r)},${f(y + r * 0.75)} ${f(x - r)},${f(y + r * 0.15)} C${f(x - r)},${f(y - r * 0.35)} ${f(x - r * 0.75)},${f(y - r * 1.3)} ${f(x)},${f(y - r * 1.3)}Z`;
}

function egg(
  art: Art,
  rng: Rng,
  x: number,
  y: number,
  r: number,
  colour: Hsl,
  speckled: boolean,
): void {
  art.add(`<path d="${eggShape(x, y, r)}" fill="${art.shaded(colour, 10, 14)}"/>`);
  if (speckled) {
    for (let k = 0; k < 14; k++) {
      art.add(
        `<path d="${blob(rng, x + between(rng, -0.75, 0.75) * r, y + between(rng, -0.9, 0.7) * r, between(rng, 3, 9), between(rng, 2, 7), 0.3, 6)}" fill="#4a3426" fill-opacity="0.85"/>`,
      );
    }
  }
  highlight(art, x, y - r * 0.1, r, 0.5);
}

function eggs(art: Art, rng: Rng, name: string): void {
  const lower = name.toLowerCase();
  const palette =
    EGG_COLOURS.find(([pattern]) => pattern.test(lower))?.[1] ??
    EGG_COLOURS[EGG_COLOURS.length - 1]![1];
  const quail = lower.includes("quail");
  const big = /goose|duck|jumbo/.test(lower);
  if (/goose|duck|quail/.test(lower) || rng() < 0.35) {
    // A straw nest: the back rim, the eggs, then the front rim.
    const cx = 600;
    const cy = GROUND - 70;
    shadow(art, cx, GROUND, 380, 50);
    art.add(`<ellipse cx="${cx}" cy="${cy - 40}" rx="330" ry="90" fill="#8b6b3f"/>`);
    const r = quail ? 34 : big ? 82 : 60;
    const n = quail ? 12 : big ? 4 : 7;
    for (let i = 0; i < n; i++) {
      const x = cx + (i - (n - 1) / 2) * r * 1.75 + between(rng, -8, 8);
      const y = cy - 40 - (i % 2) * r * 0.5;
      egg(art, rng, x, y, r, jitter(rng, pick(rng, palette), 4, 3), quail);
    }
    for (let k = 0; k < 140; k++) {
      const a = between(rng, 0, Math.PI);
      const x = cx + Math.cos(a) * between(rng, 250, 350);
      const y = cy + Math.sin(a) * between(rng, 20, 70) - 10;
      const len = between(rng, 60, 140);
      art.add(
        `<path d="M${f(x - len / 2)},${f(y)} q${f(len / 2)},${f(between(rng, -18, 18))} ${f(len)},${f(between(rng, -10, 10))}" stroke="${hsl([38, 55, between(rng, 45, 75)])}" stroke-width="${f(between(rng, 3, 6))}" fill="none" stroke-linecap="round"/>`,
      );
    }
    return;
  }
  // An open carton: lid behind, two rows of eggs, the cup row in front.
  const pulp: Hsl = jitter(
    rng,
    pick(rng, [
      [35, 15, 72],
      [40, 25, 80],
      [200, 8, 70],
    ] as Hsl[]),
    3,
    3,
  );
  const cols = 6;
  const r = big ? 64 : 54;
  const x0 = 600 - (cols - 1) * r * 1.1;
  shadow(art, 600, GROUND, 420, 55);
  const band = pick(rng, [
    [5, 55, 50],
    [140, 35, 40],
    [210, 45, 45],
    [40, 70, 50],
  ] as Hsl[]);
  art.add(
    `<path d="M${f(x0 - 90)},${GROUND - 170} L${f(x0 - 60)},${GROUND - 330} Q${f(x0 - 58)},${GROUND - 344} ${f(x0 - 44)},${GROUND - 344} L${f(1200 - x0 + 44)},${GROUND - 344} Q${f(1200 - x0 + 58)},${GROUND - 344} ${f(1200 - x0 + 60)},${GROUND - 330} L${f(1200 - x0 + 90)},${GROUND - 170}Z" fill="${art.linear(
      [
        [0, hsl(pulp, 2)],
        [1, hsl(pulp, -10)],
      ],
    )}"/>`,
  );
  art.add(
    `<path d="M${f(x0 - 70)},${GROUND - 290} L${f(1200 - x0 + 70)},${GROUND - 290} L${f(1200 - x0 + 76)},${GROUND - 250} L${f(x0 - 76)},${GROUND - 250}Z" fill="${hsl(band)}"/>`,
  );
  art.add(
    `<ellipse cx="600" cy="${GROUND - 270}" rx="70" ry="16" fill="#fffaf0" fill-opacity="0.9"/>`,
  );
  for (const [row, dy] of [
    [0, -120],
    [1, -50],
  ] as const) {
    for (let i = 0; i < cols; i++) {
      const x = x0 + i * r * 2.2 + row * 8;
      egg(
        art,
        rng,
        x,
        GROUND + dy - r * 0.3,
        r * (row ? 1 : 0.95),
        jitter(rng, pick(rng, palette), 4, 3),
        false,
      );
    }
    if (row === 0) {
      art.add(
        `<rect x="${f(x0 - 80)}" y="${GROUND - 130}" width="${f(1200 - 2 * x0 + 160)}" height="40" fill="${hsl(pulp, -4)}"/>`,
      );
    }
  }
  let cups = `M${f(x0 - 80)},${GROUND - 60}`;
  for (let i = 0; i < cols; i++) cups += ` q${f(r * 1.1)},${f(-r * 0.7)} ${f(r * 2.2)},0`;
  cups += ` L${f(1200 - x0 + 80)},${GROUND} L${f(x0 - 80)},${GROUND}Z`;
  art.add(
    `<path d="${cups}" fill="${art.linear([
      [0, hsl(pulp, 4)],
      [1, hsl(pulp, -10)],
    ])}"/>`,
  );
  for (let i = 1; i < cols; i++)
    art.add(
      `<path d="M${f(x0 - 80 + i * r * 2.2)},${GROUND - 58} l0,54" stroke="${hsl(pulp, -14)}" stroke-width="3"/>`,
    );
}

// ------------------------------------------------------------------ honey

function honeyColour(name: string): Hsl {
  if (/buckwheat/.test(name)) return [20, 80, 24];
  if (/clover|light/.test(name)) return [45, 95, 58];
  if (/cream|whipped/.test(name)) return /maple/.test(name) ? [32, 45, 72] : [45, 70, 82];
  if (/goldenrod|fall/.test(name)) return [35, 95, 42];
  return [38, 92, 48];
}

type JarOptions = {
  cloth?: boolean;
  label?: "bee" | "leaf" | "plain";
  /** Draws what shows through the glass (granola, pickles) over the fill colour. */
  texture?: (left: number, top: number, width: number, height: number) => void;
};

function jar(
  art: Art,
  rng: Rng,
  x: number,
  w: number,
  h: number,
  content: Hsl,
  opts: JarOptions = {},
): void {
  const bottom = GROUND - 10;
  const top = bottom - h;
  shadow(art, x, bottom + 6, w * 0.75, 26);
  art.add(
    `<rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" rx="${f(w * 0.16)}" fill="${art.linear(
      [
        [0, hsl(content, -14)],
        [0.3, hsl(content, 10)],
        [0.7, hsl(content)],
        [1, hsl(content, -18)],
      ],
      [0, 0, 1, 0],
    )}"/>`,
  );
  opts.texture?.(x - w / 2, top, w, h);
  art.add(
    `<rect x="${f(x - w / 2 + 16)}" y="${f(top + 30)}" width="16" height="${f(h - 70)}" rx="8" fill="#fff" fill-opacity="0.35"/>`,
  );
  art.add(
    `<rect x="${f(x - w * 0.42)}" y="${f(top - 38)}" width="${f(w * 0.84)}" height="46" rx="8" fill="${art.linear(
      [
        [0, "#e8c766"],
        [0.5, "#fff2b0"],
        [1, "#b8902e"],
      ],
      [0, 0, 1, 0],
    )}"/>`,
  );
  if (opts.cloth) {
    const check = pick(rng, [
      [0, 60, 48],
      [210, 55, 45],
      [140, 35, 38],
    ] as Hsl[]);
    const id = art.define(
      (pid) =>
        `<pattern id="${pid}" width="30" height="30" patternUnits="userSpaceOnUse"><rect width="30" height="30" fill="#fbf7ef"/><rect width="15" height="30" fill="${hsl(check, 0, 0.55)}"/><rect width="30" height="15" fill="${hsl(check, 0, 0.55)}"/></pattern>`,
    );
    art.add(
      `<path d="M${f(x - w * 0.6)},${f(top + 30)} Q${f(x - w * 0.55)},${f(top - 70)} ${f(x)},${f(top - 72)} Q${f(x + w * 0.55)},${f(top - 70)} ${f(x + w * 0.6)},${f(top + 30)} L${f(x + w * 0.3)},${f(top + 8)} L${f(x)},${f(top + 34)} L${f(x - w * 0.3)},${f(top + 8)}Z" fill="url(#${id})"/>`,
    );
    art.add(
      `<path d="M${f(x - w * 0.46)},${f(top - 6)} Q${f(x)},${f(top + 14)} ${f(x + w * 0.46)},${f(top - 6)}" stroke="#a88450" stroke-width="6" fill="none"/>`,
    );
  }
  const ly = top + h * 0.36;
  const label = opts.label ?? "bee";
  art.add(
    `<ellipse cx="${f(x)}" cy="${f(ly + 50)}" rx="${f(w * 0.36)}" ry="64" fill="#f6ecd6" stroke="#8a6a3e" stroke-width="3"/>`,
  );
  if (label === "bee") bee(art, x, ly + 50, 0.8);
  else if (label === "leaf")
    art.add(
      `<path transform="translate(${f(x)},${f(ly + 50)}) scale(0.9)" d="M0,-44 L9,-22 L26,-30 L20,-6 L40,-4 L26,10 L32,22 L8,18 L4,44 L-4,44 L-8,18 L-32,22 L-26,10 L-40,-4 L-20,-6 L-26,-30 L-9,-22Z" fill="#b5452b"/>`,
    );
}

function bee(art: Art, x: number, y: number, s: number): void {
  art.add(
    `<g transform="translate(${f(x)},${f(y)}) scale(${s})"><ellipse cx="-6" cy="-26" rx="20" ry="13" fill="#fff" fill-opacity="0.75" stroke="#6a6a6a" stroke-width="1.5" transform="rotate(-20 -6 -26)"/><ellipse cx="12" cy="-24" rx="18" ry="11" fill="#fff" fill-opacity="0.75" stroke="#6a6a6a" stroke-width="1.5" transform="rotate(25 12 -24)"/><ellipse cx="0" cy="0" rx="34" ry="22" fill="#f2b632"/><path d="M-12,-20 L-12,20 M4,-22 L4,22 M18,-17 L18,17" stroke="#2b2118" stroke-width="8"/><circle cx="-36" cy="0" r="12" fill="#2b2118"/></g>`,
  );
}

function dipper(art: Art, x: number, y: number, honey: Hsl): void {
  art.add(
    `<g transform="translate(${x},${y}) rotate(-25)"><rect x="0" y="-9" width="300" height="18" rx="9" fill="#b0814a"/>${[
      0, 1, 2, 3, 4,
    ]
      .map(
        (k) =>
          `<ellipse cx="${-20 - k * 22}" cy="0" rx="14" ry="${34 - Math.abs(k - 2) * 4}" fill="#c49560" stroke="#8a6238" stroke-width="2"/>`,
      )
      .join(
        "",
      )}<path d="M-70,30 q6,60 -4,90" stroke="${hsl(honey)}" stroke-width="14" stroke-linecap="round" fill="none"/></g>`,
  );
}

function honeyJars(art: Art, rng: Rng, name: string): void {
  const honey = honeyColour(name);
  const maple = name.includes("maple");
  const bigOnLeft = rng() < 0.5;
  const [big, small] = bigOnLeft ? [520, 800] : [680, 400];
  jar(art, rng, small, 170, 220, jitter(rng, honey, 3, 3), {
    cloth: rng() < 0.5,
    label: maple ? "leaf" : "plain",
  });
  jar(art, rng, big, 250, 320, honey, { cloth: true, label: maple ? "leaf" : "bee" });
  if (!maple) {
    if (bigOnLeft) dipper(art, 250, GROUND - 70, honey);
    else dipper(art, 840, GROUND - 50, honey);
    if (rng() < 0.7)
      bee(art, between(rng, 300, 900), between(rng, 260, 340), between(rng, 0.9, 1.2));
  }
}

function honeycomb(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 4, 360, 55);
  art.add(
    `<ellipse cx="600" cy="${GROUND - 30}" rx="380" ry="70" fill="#f4f1ea" stroke="#d5cfc2" stroke-width="4"/>`,
  );
  const x0 = 390;
  const y0 = 420;
  const s = 30;
  const clip = art.define(
    (id) =>
      `<clipPath id="${id}"><rect x="${x0}" y="${y0}" width="420" height="300" rx="14"/></clipPath>`,
  );
  const cells: string[] = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 9; col++) {
      const cx = x0 + col * s * 1.5;
      const cy = y0 + row * s * 1.732 + (col % 2) * s * 0.866;
      const capped = rng() < 0.4;
      const pts = Array.from(
        { length: 6 },
        (_, k) =>
          `${f(cx + Math.cos((k * Math.PI) / 3) * s * 0.92)},${f(cy + Math.sin((k * Math.PI) / 3) * s * 0.92)}`,
      ).join(" ");
      cells.push(
        `<polygon points="${pts}" fill="${capped ? "#f3dc8f" : art.shaded(jitter(rng, [38, 92, 48], 3, 4), 18, 10)}" stroke="#e9c46a" stroke-width="4"/>`,
      );
    }
  }
  art.add(
    `<rect x="${x0}" y="${y0}" width="420" height="300" rx="14" fill="#d8a13a"/><g clip-path="url(#${clip})">${cells.join("")}</g>`,
  );
  art.add(
    `<path d="M${x0 + 120},${y0 + 300} q10,40 -6,70" stroke="#d8922a" stroke-width="16" stroke-linecap="round" fill="none"/>`,
  );
  bee(art, 930, 330, 1.1);
}

function candles(art: Art): void {
  shadow(art, 600, GROUND - 4, 380, 50);
  const hex = art.define(
    (id) =>
      `<pattern id="${id}" width="36" height="62" patternUnits="userSpaceOnUse"><path d="M18,0 L36,10 L36,31 L18,41 L0,31 L0,10 Z M18,41 L18,62" fill="none" stroke="#c99a2e" stroke-width="2.5" stroke-opacity="0.6"/></pattern>`,
  );
  for (const [x, h] of [
    [430, 300],
    [620, 380],
    [800, 240],
  ] as const) {
    const w = 140;
    const top = GROUND - 10 - h;
    art.add(
      `<rect x="${x - w / 2}" y="${top}" width="${w}" height="${h}" rx="18" fill="${art.linear(
        [
          [0, "#d9a53a"],
          [0.4, "#f6d36b"],
          [1, "#c48e2a"],
        ],
        [0, 0, 1, 0],
      )}"/>`,
    );
    art.add(
      `<rect x="${x - w / 2}" y="${top}" width="${w}" height="${h}" rx="18" fill="url(#${hex})"/>`,
    );
    art.add(`<ellipse cx="${x}" cy="${top + 6}" rx="${w / 2 - 4}" ry="14" fill="#f8dc83"/>`);
    art.add(`<path d="M${x},${top + 2} l0,-26" stroke="#2b2118" stroke-width="4"/>`);
    art.add(
      `<ellipse cx="${x}" cy="${top - 60}" rx="60" ry="70" fill="${art.fade("#ffd66b")}" opacity="0.6"/>`,
    );
    art.add(
      `<path d="M${x},${top - 100} C${x + 22},${top - 60} ${x + 18},${top - 30} ${x},${top - 26} C${x - 18},${top - 30} ${x - 22},${top - 60} ${x},${top - 100}Z" fill="${art.linear(
        [
          [0, "#fff6c9"],
          [0.6, "#ffc940"],
          [1, "#f07f1c"],
        ],
      )}"/>`,
    );
  }
}

function honeyBear(art: Art, _rng: Rng, name: string): void {
  const honey = honeyColour(name);
  const fill = art.linear(
    [
      [0, hsl(honey, -12)],
      [0.35, hsl(honey, 14)],
      [1, hsl(honey, -16)],
    ],
    [0, 0, 1, 0],
  );
  const x = 560;
  shadow(art, x, GROUND, 220, 40);
  art.add(`<ellipse cx="${x}" cy="${GROUND - 140}" rx="150" ry="140" fill="${fill}"/>`);
  art.add(
    `<circle cx="${x - 80}" cy="${GROUND - 330}" r="42" fill="${fill}"/><circle cx="${x + 80}" cy="${GROUND - 330}" r="42" fill="${fill}"/>`,
  );
  art.add(`<circle cx="${x}" cy="${GROUND - 280}" r="100" fill="${fill}"/>`);
  art.add(
    `<ellipse cx="${x - 120}" cy="${GROUND - 170}" rx="36" ry="60" fill="${fill}" transform="rotate(25 ${x - 120} ${GROUND - 170})"/><ellipse cx="${x + 120}" cy="${GROUND - 170}" rx="36" ry="60" fill="${fill}" transform="rotate(-25 ${x + 120} ${GROUND - 170})"/>`,
  );
  art.add(
    `<rect x="${x - 34}" y="${GROUND - 420}" width="68" height="50" rx="10" fill="#c0392b"/><rect x="${x - 14}" y="${GROUND - 446}" width="28" height="30" rx="6" fill="#a93226"/>`,
  );
  art.add(
    `<ellipse cx="${x}" cy="${GROUND - 250}" rx="36" ry="26" fill="#fff" fill-opacity="0.25"/><circle cx="${x - 36}" cy="${GROUND - 300}" r="8" fill="${hsl(honey, -30)}"/><circle cx="${x + 36}" cy="${GROUND - 300}" r="8" fill="${hsl(honey, -30)}"/>`,
  );
  art.add(
    `<rect x="${x - 100}" y="${GROUND - 170}" width="200" height="90" rx="14" fill="#f6ecd6" stroke="#8a6a3e" stroke-width="3"/>`,
  );
  bee(art, x, GROUND - 125, 0.8);
  highlight(art, x - 40, GROUND - 160, 150, 0.3);
  dipper(art, 790, GROUND - 40, honey);
}

function pollen(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 4, 320, 50);
  art.add(`<ellipse cx="600" cy="560" rx="300" ry="70" fill="#e9e0cf"/>`);
  for (let i = 0; i < 420; i++) {
    const a = between(rng, Math.PI, Math.PI * 2);
    const d = Math.sqrt(rng());
    const x = 600 + Math.cos(a) * d * 280;
    const y = 560 + Math.sin(a) * d * 130 + 10;
    art.add(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 6, 10))}" fill="${hsl(
        pick(rng, [
          [45, 95, 55],
          [35, 90, 50],
          [28, 80, 45],
          [55, 80, 55],
          [20, 70, 40],
        ] as Hsl[]),
        between(rng, -6, 8),
      )}"/>`,
    );
  }
  art.add(
    `<path d="M300,560 Q300,${GROUND - 10} 600,${GROUND - 10} Q900,${GROUND - 10} 900,560 Q600,640 300,560Z" fill="${art.linear(
      [
        [0, "#f5f0e6"],
        [1, "#cfc5b1"],
      ],
    )}"/>`,
  );
  art.add(`<path d="M300,560 Q600,640 900,560" stroke="#bfb49d" stroke-width="5" fill="none"/>`);
}

// ------------------------------------------------------------------ baked goods

function crustColour(rng: Rng, name: string): Hsl {
  if (/rye|pumpernickel/.test(name)) return jitter(rng, [22, 40, 32], 3, 3);
  if (/pumpkin/.test(name)) return jitter(rng, [24, 55, 38], 3, 3);
  if (/whole wheat/.test(name)) return jitter(rng, [28, 50, 42], 3, 3);
  return jitter(rng, [32, 60, 50], 4, 4);
}

function flour(art: Art, rng: Rng, x: number, y: number, rx: number, ry: number, n = 40): void {
  for (let i = 0; i < n; i++) {
    const a = between(rng, 0, Math.PI * 2);
    const d = Math.sqrt(rng());
    art.add(
      `<circle cx="${f(x + Math.cos(a) * rx * d)}" cy="${f(y + Math.sin(a) * ry * d)}" r="${f(between(rng, 1.5, 4))}" fill="#fffaf0" fill-opacity="0.55"/>`,
    );
  }
}

function loaves(art: Art, rng: Rng, name: string): void {
  const crust = crustColour(rng, name);
  const pan = /sandwich|pumpkin|loaf$|whole wheat/.test(name) && !name.includes("sourdough");
  shadow(art, 600, GROUND - 4, 380, 55);
  if (pan) {
    const x = 600;
    const w = 250;
    const h = 250;
    art.add(
      `<path d="M${x - w},${GROUND - 10} L${x - w},${GROUND - h * 0.7} C${x - w},${GROUND - h * 1.35} ${x + w},${GROUND - h * 1.35} ${x + w},${GROUND - h * 0.7} L${x + w},${GROUND - 10}Z" fill="${art.linear(
        [
          [0, hsl(crust, 10)],
          [1, hsl(crust, -12)],
        ],
      )}"/>`,
    );
    art.add(
      `<path d="M${x - w + 20},${GROUND - h * 0.75} C${x - w + 20},${GROUND - h * 1.25} ${x + w - 20},${GROUND - h * 1.25} ${x + w - 20},${GROUND - h * 0.75}" stroke="${hsl(crust, 14, 0.6)}" stroke-width="10" fill="none"/>`,
    );
    if (name.includes("pumpkin")) {
      art.add(
        `<path d="M${x - 120},${GROUND - h * 1.12} q120,-30 240,0" stroke="${hsl(crust, -16)}" stroke-width="10" fill="none"/>`,
      );
      for (let k = 0; k < 12; k++)
        art.add(
          `<ellipse cx="${f(x + between(rng, -180, 180))}" cy="${f(GROUND - h * between(rng, 1.02, 1.12))}" rx="12" ry="6" fill="#7a9a3a" transform="rotate(${f(between(rng, -40, 40))} ${f(x)} ${GROUND - h})"/>`,
        );
    } else {
      flour(art, rng, x, GROUND - h * 1.05, 200, 30, 30);
    }
    // A slice leaning in front shows the crumb.
    art.add(
      `<path d="M${x + 170},${GROUND - 8} L${x + 190},${GROUND - 190} C${x + 200},${GROUND - 260} ${x + 360},${GROUND - 250} ${x + 360},${GROUND - 180} L${x + 350},${GROUND - 8}Z" fill="${hsl(crust, -6)}"/>`,
    );
    art.add(
      `<path d="M${x + 186},${GROUND - 14} L${x + 202},${GROUND - 184} C${x + 212},${GROUND - 240} ${x + 346},${GROUND - 232} ${x + 346},${GROUND - 176} L${x + 338},${GROUND - 14}Z" fill="${name.includes("pumpkin") ? "#c47a3a" : "#efd9ac"}"/>`,
    );
    return;
  }
  const rx = 280;
  const ry = 170;
  const cx = 600;
  const cy = GROUND - ry * 0.8;
  art.add(`<path d="${blob(rng, cx, cy, rx, ry, 0.04, 14)}" fill="${art.shaded(crust, 16, 20)}"/>`);
  const scores = pick(rng, ["cross", "lines", "leaf"] as const);
  const score = (d: string) =>
    art.add(
      `<path d="${d}" stroke="${hsl(crust, 24)}" stroke-width="18" stroke-linecap="round" fill="none"/>`,
    );
  if (scores === "cross") {
    score(`M${cx - 150},${cy - 60} Q${cx},${cy - 110} ${cx + 150},${cy - 50}`);
    score(`M${cx - 20},${cy - 150} Q${cx + 10},${cy - 40} ${cx - 10},${cy + 60}`);
  } else if (scores === "lines") {
    for (let k = -1; k <= 1; k++)
      score(`M${cx - 130 + k * 20},${cy - 40 + k * 60} q130,-50 260,-10`);
  } else {
    score(`M${cx - 180},${cy - 20} Q${cx},${cy - 90} ${cx + 180},${cy - 20}`);
    for (let k = -2; k <= 2; k++) score(`M${cx + k * 60},${cy - 64 + Math.abs(k) * 10} l-30,-40`);
  }
  if (name.includes("rye"))
    for (let k = 0; k < 40; k++)
      art.add(
        `<ellipse cx="${f(cx + between(rng, -220, 220))}" cy="${f(cy + between(rng, -120, 60))}" rx="5" ry="2" fill="#3a2614" transform="rotate(${f(between(rng, 0, 180))} ${f(cx)} ${f(cy)})"/>`,
      );
  flour(art, rng, cx, cy - 40, rx * 0.8, ry * 0.6, 60);
}

function baguettes(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 10, 470, 60);
  for (let i = 0; i < 2; i++) {
    const crust = jitter(rng, [32, 65, 52], 3, 3);
    const x = 170 + i * 40;
    const y = 560 + i * 110;
    const L = 860;
    const w = 58;
    const slashes = Array.from(
      { length: 6 },
      (_, k) =>
        `<ellipse cx="${120 + k * 125}" cy="${-w * 0.2}" rx="54" ry="13" fill="${hsl(crust, 22)}" transform="rotate(-18 ${120 + k * 125} ${-w * 0.2})"/>`,
    ).join("");
    art.add(
      `<g transform="translate(${x},${y}) rotate(${f(between(rng, -8, -3))})"><rect x="0" y="${-w}" width="${L}" height="${w * 2}" rx="${w}" fill="${art.linear(
        [
          [0, hsl(crust, 12)],
          [1, hsl(crust, -14)],
        ],
      )}"/>${slashes}</g>`,
    );
  }
  flour(art, rng, 600, 560, 380, 100, 50);
}

function pieAt(
  art: Art,
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  filling: Hsl,
  top: "lattice" | "crust" | "open",
): void {
  const crust = jitter(rng, [34, 65, 60], 3, 3);
  art.add(
    `<ellipse cx="${f(cx)}" cy="${f(cy + ry * 0.18)}" rx="${f(rx * 1.08)}" ry="${f(ry * 1.08)}" fill="${hsl([30, 20, 85])}" stroke="#cfc3ae" stroke-width="3"/>`,
  );
  art.add(
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${art.shaded(crust, 12, 14)}"/>`,
  );
  const inner = { rx: rx * 0.86, ry: ry * 0.82 };
  art.add(
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(inner.rx)}" ry="${f(inner.ry)}" fill="${top === "crust" ? art.shaded(crust, 18, 10) : art.shaded(filling, 14, 14)}"/>`,
  );
  if (top === "lattice") {
    const clip = art.define(
      (id) =>
        `<clipPath id="${id}"><ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(inner.rx)}" ry="${f(inner.ry)}"/></clipPath>`,
    );
    const strips: string[] = [];
    for (let k = -3; k <= 3; k++) {
      strips.push(
        `<rect x="${f(cx + k * inner.rx * 0.27 - 12)}" y="${f(cy - ry)}" width="24" height="${f(ry * 2)}" fill="${hsl(crust, 8)}"/>`,
      );
      strips.push(
        `<rect x="${f(cx - rx)}" y="${f(cy + k * inner.ry * 0.27 - 9)}" width="${f(rx * 2)}" height="18" fill="${hsl(crust, 4)}"/>`,
      );
    }
    art.add(`<g clip-path="url(#${clip})">${strips.join("")}</g>`);
  } else if (top === "crust") {
    for (let k = 0; k < 5; k++) {
      const a = (k / 5) * Math.PI * 2;
      art.add(
        `<path transform="translate(${f(cx + Math.cos(a) * inner.rx * 0.4)},${f(cy + Math.sin(a) * inner.ry * 0.4)}) rotate(${f((a * 180) / Math.PI + 90)})" d="${leaf(30, 6)}" fill="${hsl(filling, -10)}"/>`,
      );
    }
    flour(art, rng, cx, cy, inner.rx * 0.8, inner.ry * 0.8, 50);
  }
  const n = Math.round(rx / 9);
  for (let k = 0; k < n; k++) {
    const a = (k / n) * Math.PI * 2;
    art.add(
      `<ellipse cx="${f(cx + Math.cos(a) * rx * 0.93)}" cy="${f(cy + Math.sin(a) * ry * 0.92)}" rx="${f(rx * 0.075)}" ry="${f(ry * 0.09)}" fill="${hsl(crust, Math.sin(a) * -8 + 4)}"/>`,
    );
  }
}

function pies(art: Art, rng: Rng, name: string): void {
  const filling: Hsl = /strawberry|rhubarb|cherry/.test(name)
    ? [352, 70, 40]
    : /butter/.test(name)
      ? [30, 70, 38]
      : [40, 70, 62];
  if (/tart/.test(name)) {
    shadow(art, 600, GROUND - 4, 420, 55);
    const spots = [
      [380, 560],
      [600, 540],
      [820, 560],
      [490, 680],
      [710, 680],
      [930, 690],
    ] as const;
    for (const [x, y] of spots.slice(0, 5 + Math.floor(rng() * 2)))
      pieAt(art, rng, x, y, 100, 60, jitter(rng, filling, 3, 4), "open");
    return;
  }
  shadow(art, 600, GROUND - 4, 420, 60);
  pieAt(
    art,
    rng,
    600,
    610,
    360,
    170,
    filling,
    /lattice|strawberry|rhubarb|cherry/.test(name) ? "lattice" : "crust",
  );
}

function doughnuts(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 4, 420, 55);
  const spots = [
    [420, 660],
    [640, 690],
    [860, 660],
    [530, 560],
    [750, 560],
    [640, 460],
  ] as const;
  for (const [x, y] of spots) {
    const c = jitter(rng, [30, 60, 52], 3, 4);
    art.add(
      `<path d="M${x - 120},${y} a120,78 0 1 0 240,0 a120,78 0 1 0 -240,0Z M${x - 36},${y - 6} a36,20 0 1 1 72,0 a36,20 0 1 1 -72,0Z" fill-rule="evenodd" fill="${art.shaded(c, 16, 18)}"/>`,
    );
    for (let k = 0; k < 40; k++) {
      const a = between(rng, 0, Math.PI * 2);
      const d = between(rng, 0.45, 0.95);
      art.add(
        `<circle cx="${f(x + Math.cos(a) * 120 * d)}" cy="${f(y + Math.sin(a) * 78 * d)}" r="${f(between(rng, 1.5, 3.5))}" fill="${rng() < 0.5 ? "#fff8ea" : "#8a5a30"}" fill-opacity="0.8"/>`,
      );
    }
  }
}

function buns(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 4, 420, 60);
  art.add(
    `<rect x="250" y="420" width="700" height="330" rx="30" fill="#6d6f73"/><rect x="270" y="436" width="660" height="298" rx="22" fill="#8c8e92"/>`,
  );
  for (const [x, y] of [
    [430, 505],
    [770, 505],
    [430, 650],
    [770, 650],
  ] as const) {
    const c = jitter(rng, [28, 60, 50], 3, 4);
    art.add(`<ellipse cx="${x}" cy="${y}" rx="160" ry="72" fill="${art.shaded(c, 14, 16)}"/>`);
    let d = `M${x},${y}`;
    for (let t = 0; t < 26; t++) {
      const a = t * 0.55;
      const r = 5 + t * 5.6;
      d += ` L${f(x + Math.cos(a) * r)},${f(y + Math.sin(a) * r * 0.45)}`;
    }
    art.add(
      `<path d="${d}" stroke="${hsl(c, -18)}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
    );
    art.add(
      `<path d="M${x - 120},${y - 20} q40,-30 60,10 t60,-10 t60,10 t50,-5" stroke="#fffaf0" stroke-width="14" fill="none" stroke-linecap="round" opacity="0.92"/>`,
    );
  }
}

function muffins(art: Art, rng: Rng, name: string): void {
  const paper = pick(rng, [
    [10, 60, 60],
    [200, 45, 60],
    [45, 80, 65],
    [140, 30, 55],
  ] as Hsl[]);
  shadow(art, 600, GROUND - 4, 420, 55);
  for (const [x, y, s] of [
    [380, GROUND - 10, 0.95],
    [820, GROUND - 10, 0.95],
    [600, GROUND + 10, 1.1],
  ] as const) {
    const w = 140 * s;
    const h = 150 * s;
    const pleats = Array.from(
      { length: 9 },
      (_, k) =>
        `<path d="M${f(x - w * 0.8 + k * w * 0.2)},${f(y - h)} L${f(x - w * 0.62 + k * w * 0.155)},${f(y)}" stroke="${hsl(paper, -15, 0.6)}" stroke-width="4"/>`,
    ).join("");
    art.add(
      `<path d="M${f(x - w * 0.82)},${f(y - h)} L${f(x + w * 0.82)},${f(y - h)} L${f(x + w * 0.64)},${f(y)} L${f(x - w * 0.64)},${f(y)}Z" fill="${art.linear(
        [
          [0, hsl(paper, 8)],
          [1, hsl(paper, -8)],
        ],
      )}"/>${pleats}`,
    );
    const c = jitter(rng, [34, 60, 55], 3, 4);
    art.add(
      `<path d="${blob(rng, x, y - h - 20 * s, w, 86 * s, 0.05, 12)}" fill="${art.shaded(c, 14, 16)}"/>`,
    );
    for (let k = 0; k < 40; k++)
      art.add(
        `<circle cx="${f(x + between(rng, -w * 0.85, w * 0.85))}" cy="${f(y - h - 20 * s + between(rng, -70, 20) * s)}" r="${f(between(rng, 3, 7))}" fill="${hsl(c, between(rng, 8, 22))}"/>`,
      );
    if (/blueberr/.test(name)) {
      for (let k = 0; k < 7; k++)
        art.add(
          `<circle cx="${f(x + between(rng, -w * 0.7, w * 0.7))}" cy="${f(y - h - 20 * s + between(rng, -50, 20) * s)}" r="${f(12 * s)}" fill="${art.shaded([230, 40, 30], 16, 10)}"/>`,
        );
    }
  }
}

function cookies(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 4, 420, 55);
  for (const [x, y, r] of [
    [380, 680, 110],
    [620, 700, 120],
    [860, 680, 108],
    [520, 560, 110],
    [760, 560, 112],
  ] as const) {
    const c = jitter(rng, [34, 55, 55], 3, 5);
    art.add(
      `<path d="${blob(rng, x, y, r, r * 0.62, 0.05, 14)}" fill="${art.shaded(c, 12, 16)}"/>`,
    );
    for (let k = 0; k < 22; k++) {
      const px = x + between(rng, -0.8, 0.8) * r;
      const py = y + between(rng, -0.45, 0.45) * r;
      art.add(
        `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(between(rng, 6, 12))}" ry="${f(between(rng, 3, 5))}" fill="${hsl(c, between(rng, -16, 14))}" transform="rotate(${f(between(rng, 0, 180))} ${f(px)} ${f(py)})"/>`,
      );
    }
  }
}

function focaccia(art: Art, rng: Rng): void {
  shadow(art, 600, GROUND - 4, 440, 60);
  const c = jitter(rng, [38, 65, 55], 3, 3);
  art.add(
    `<rect x="220" y="450" width="760" height="290" rx="40" fill="${art.shaded(c, 14, 16)}"/>`,
  );
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 9; col++) {
      const x = 290 + col * 78 + between(rng, -12, 12);
      const y = 500 + row * 64 + between(rng, -8, 8);
      art.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="14" ry="9" fill="${hsl(c, -16, 0.8)}"/>`);
    }
  }
  for (let k = 0; k < 8; k++) {
    const x = between(rng, 280, 920);
    const y = between(rng, 490, 700);
    const needles = Array.from(
      { length: 6 },
      (_, n) =>
        `<path d="M${n * 12},0 l8,-14 M${n * 12},0 l8,14" stroke="#3f6b35" stroke-width="4" stroke-linecap="round"/>`,
    ).join("");
    art.add(
      `<g transform="translate(${f(x)},${f(y)}) rotate(${f(between(rng, -40, 40))})"><path d="M-6,0 L70,0" stroke="#5a4a2a" stroke-width="3"/>${needles}</g>`,
    );
  }
  flour(art, rng, 600, 590, 360, 130, 70);
}

function jars(art: Art, rng: Rng, name: string): void {
  const content: Hsl = /pickle/.test(name)
    ? [75, 45, 60]
    : /granola/.test(name)
      ? [36, 50, 60]
      : /peach|apricot/.test(name)
        ? [28, 90, 55]
        : /maple/.test(name)
          ? [32, 45, 72]
          : [350, 65, 40];
  const granola = /granola/.test(name);
  const chunks = (x: number, y: number, w: number, h: number, n: number) => {
    for (let k = 0; k < n; k++) {
      art.add(
        `<path d="${blob(rng, between(rng, x, x + w), between(rng, y, y + h), between(rng, 8, 15), between(rng, 6, 11), 0.3, 6)}" fill="${hsl([34, 55, between(rng, 38, 72)])}"/>`,
      );
    }
  };
  jar(art, rng, 480, 250, 330, content, {
    cloth: !/pickle/.test(name),
    label: /maple/.test(name) ? "leaf" : "plain",
    texture: granola ? (x, y, w, h) => chunks(x + 14, y + 14, w - 28, h - 28, 140) : undefined,
  });
  if (/pickle/.test(name)) {
    for (let k = 0; k < 4; k++)
      art.add(
        `<rect x="${400 + k * 42}" y="${GROUND - 300}" width="36" height="230" rx="18" fill="${hsl([110, 40, 32], k * 3, 0.7)}"/>`,
      );
    art.add(
      `<path d="M840,${GROUND - 30} q40,-120 110,-140" stroke="#6f9a3a" stroke-width="8" fill="none"/>`,
    );
    for (let k = 0; k < 3; k++)
      art.add(
        `<rect x="${760 + k * 90}" y="${GROUND - 70}" width="150" height="60" rx="30" fill="${art.shaded([115, 40, 35], 14, 14)}" transform="rotate(${-8 + k * 6} ${760 + k * 90} ${GROUND - 40})"/>`,
      );
  } else if (granola) {
    shadow(art, 840, GROUND - 10, 150, 30);
    for (let row = 0; row < 5; row++)
      chunks(700 + row * 25, GROUND - 40 - row * 22, 280 - row * 50, 30, 40 - row * 6);
  } else {
    jar(art, rng, 790, 170, 220, jitter(rng, content, 3, 3), { cloth: true, label: "plain" });
    for (let i = 0; i < 2; i++) {
      const x = 920 + i * 80;
      art.add(
        `<circle cx="${x}" cy="${GROUND - 56}" r="54" fill="${art.shaded(jitter(rng, [28, 90, 60], 3, 3))}"/>`,
      );
      art.add(
        `<ellipse cx="${x + 18}" cy="${GROUND - 60}" rx="34" ry="38" fill="${art.fade(hsl([355, 75, 48]))}" opacity="0.5"/>`,
      );
      highlight(art, x, GROUND - 56, 54);
    }
  }
}
