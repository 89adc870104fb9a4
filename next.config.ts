import type { NextConfig } from "next";
import { cacheProxyHeaders, cacheProxyRewrites } from "./lib/catalog/cache-proxy-pages";
import { sharedPageRewrites } from "./lib/catalog/shared-page-rewrites";
import { cachedPagePolicy } from "./server/http/content-security-policy";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self)" },
  // The signed-in pages get the strict, nonce-only form from proxy.ts instead (decision 0025).
  { key: "Content-Security-Policy", value: cachedPagePolicy },
];

const SCANNER_PERMISSIONS = "camera=(self), microphone=(), geolocation=(self)";

const nextConfig: NextConfig = {
  // The Docker image runs Next's standalone server (NEXT_OUTPUT=standalone in its build stage);
  // `npm run demo` and `npm run start` use `next start`, which warns about a standalone build.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // Lets parallel local builds (several engineers, one tree) keep separate outputs; CI uses .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  generateEtags: false,
  cacheComponents: true,
  // The page cache's handler always: it dates a page from the start of its render, so a render
  // that overlapped an edit is not kept as newer than the edit (decision 0029). With REDIS_URL,
  // every instance shares the page cache and its tags (decision 0024), and 'use cache' entries go
  // to Redis too. A standalone build freezes this config, so the image always names both
  // handlers; without REDIS_URL at run time they are Next's own file-system and in-memory caches.
  cacheHandler: require.resolve("./server/cache/incremental-handler.mjs"),
  ...(process.env.REDIS_URL || process.env.NEXT_OUTPUT === "standalone"
    ? {
        // `remote` too, so a future 'use cache: remote' is shared rather than per instance.
        cacheHandlers: {
          default: require.resolve("./server/cache/use-cache-handler.mjs"),
          remote: require.resolve("./server/cache/use-cache-handler.mjs"),
        },
      }
    : {}),
  // Said explicitly (Next 16.4 warns at every start otherwise): links prefetch as they always have.
  // Partial Prefetching (one shared App Shell per route) is the next major's default; adopting it
  // means walking every link in `next dev` for its insights, a change of its own.
  partialPrefetching: false,
  // Native or WASM packages that must not be bundled.
  // The offline geocoder reads its CSV tables at run time; keep them in the standalone output.
  outputFileTracingIncludes: { "/*": ["./server/geo/data/*.csv", "./drizzle/**/*"] },
  // OpenTelemetry patches node-postgres as Node loads it, and shares one API across modules: both
  // need the packages as Node loads them, not copies inside the bundle; prom-client likewise keeps
  // one registry per process.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "sharp",
    "@node-rs/argon2",
    "pg",
    "pino",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/sdk-trace-node",
  ],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The handover scanner is the one page that may use the camera (decision 0054); the later
      // entry wins for the same header.
      {
        source: "/customerOrders/scan",
        headers: [{ key: "Permissions-Policy", value: SCANNER_PERMISSIONS }],
      },
      // The farm app's service worker: always checked for an update, never kept by a cache.
      { source: "/sw.js", headers: [{ key: "Cache-Control", value: "no-cache" }] },
      ...cacheProxyHeaders(),
    ];
  },
  // The pages a crowd reads go to their shared copy when nothing of the visitor's own is in them
  // (decision 0028). Rules here, not in proxy.ts: a proxy rewrite halved the cached pages' req/s.
  async rewrites() {
    return {
      beforeFiles: [...cacheProxyRewrites(), ...sharedPageRewrites()],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default nextConfig;
