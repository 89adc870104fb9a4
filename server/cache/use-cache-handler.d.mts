// Types of use-cache-handler.mjs (plain JavaScript: Next imports it at run time, outside any bundle).
import type { CacheHandler } from "next/dist/server/lib/cache-handlers/types";

declare const handler: CacheHandler;
export default handler;
