import type { NextConfig } from "next";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self)" },
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      "img-src 'self' data: blob: https:",
      "style-src 'self' 'unsafe-inline'",
      // Next injects inline bootstrap scripts; nonces would make every page dynamic.
      // Stripe.js must load from Stripe's own host (PCI); it is fetched only on the payment pages.
      "script-src 'self' 'unsafe-inline' https://js.stripe.com" +
        (process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""),
      "connect-src 'self' https:",
      "worker-src 'self' blob:",
      "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join("; "),
  },
];

const nextConfig: NextConfig = {
  // The Docker image runs Next's standalone server (NEXT_OUTPUT=standalone in its build stage);
  // `npm run demo` and `npm run start` use `next start`, which warns about a standalone build.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // Lets parallel local builds (several engineers, one tree) keep separate outputs; CI uses .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  cacheComponents: true,
  // Said explicitly (Next 16.4 warns at every start otherwise): links prefetch as they always have.
  // Partial Prefetching (one shared App Shell per route) is the next major's default; adopting it
  // means walking every link in `next dev` for its insights, a change of its own.
  partialPrefetching: false,
  // Native or WASM packages that must not be bundled.
  // The offline geocoder reads its CSV tables at run time; keep them in the standalone output.
  outputFileTracingIncludes: { "/*": ["./server/geo/data/*.csv", "./drizzle/**/*"] },
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "@node-rs/argon2", "pg", "pino"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
