/**
 * A small seeded random generator (sfc32), so the same seed always gives the same dataset.
 * Each table draws from its own stream (`stream(seed, "products")`), so changing how one table is
 * generated does not shift the rows of the others.
 */

/** 32-bit FNV-1a of a string: turns a seed and a stream name into generator state. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    this.a = fnv1a(`${seed}:a`);
    this.b = fnv1a(`${seed}:b`);
    this.c = fnv1a(`${seed}:c`);
    this.d = fnv1a(`${seed}:d`) | 1;
    for (let i = 0; i < 16; i++) this.next();
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A value in [0, n) skewed towards 0: index i has weight 1 / (i + 1)^s (Zipf-like). */
  zipf(table: ZipfTable): number {
    const u = this.next() * table.total;
    // Binary search the cumulative weights.
    let lo = 0;
    let hi = table.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((table.cumulative[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** 32 lowercase hex characters. */
  hex32(): string {
    let out = "";
    for (let i = 0; i < 4; i++) out += this.nextUint32().toString(16).padStart(8, "0");
    return out;
  }

  /** A version-4-shaped uuid from this stream. */
  uuid(): string {
    const h = this.hex32().split("");
    h[12] = "4";
    h[16] = "89ab"[parseInt(h[16] as string, 16) & 3] as string;
    const s = h.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  /** Normal-ish value (sum of uniforms) with the given mean and spread. */
  gauss(mean: number, sd: number): number {
    const u = this.next() + this.next() + this.next() + this.next() - 2;
    return mean + u * sd * 1.7320508;
  }
}

export function stream(seed: string, name: string): Rng {
  return new Rng(`${seed}/${name}`);
}

export interface ZipfTable {
  cumulative: Float64Array;
  total: number;
}

/** Cumulative weights 1/(i+1)^s for i in [0, n). */
export function zipfTable(n: number, s: number): ZipfTable {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / Math.pow(i + 1, s);
    cumulative[i] = total;
  }
  return { cumulative, total };
}

/** Cumulative weights of arbitrary positive weights, for `Rng.zipf`-style picking. */
export function weightTable(weights: ArrayLike<number>): ZipfTable {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i] as number;
    cumulative[i] = total;
  }
  return { cumulative, total };
}
