// Types of shared-cache.mjs (plain JavaScript: Next imports it at run time, outside any bundle).
type TagState = { stale?: number; expired?: number };

export const KEY_PREFIX: string;
export const MAX_TTL_SECONDS: number;
export const tagsManifest: Map<string, TagState>;
export function isSharedCacheOn(): boolean;
export function countCacheLookup(cache: "pages" | "data", hit: boolean): void;
export function warn(msg: string, error: unknown): void;
export function redis<T>(run: (client: import("ioredis").default) => Promise<T>): Promise<T>;
export function syncTags(): Promise<boolean>;
export function areTagsInSync(): boolean;
export function revalidatedTag(
  entry: TagState,
  durations: { expire?: number } | undefined,
  now: number,
): TagState;
export function keptExpiry(
  a: number | undefined,
  b: number | undefined,
  now?: number,
): number | undefined;
export function revalidateTags(
  tags: string | string[],
  durations?: { expire?: number },
): Promise<void>;
export function serialize(value: unknown): string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever was stored
export function deserialize(text: string): any;
export function ttlSeconds(expire: number | undefined): number;
export function closeSharedCache(): Promise<void>;
