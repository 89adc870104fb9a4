import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    ".data/**",
    "drizzle/**",
    "next-env.d.ts",
    "coverage/**",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  // Layers point one way: lib <- server <- components <- app (docs/architecture.md). Tests may
  // import anything; nothing else imports tests/. Each rule names the way that is wrong.
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/*", "!@/lib", "!@/lib/**"],
              message: "lib/ is the floor: it imports only lib/ (and packages).",
            },
            {
              group: ["../**/server/**", "../**/components/**", "../**/app/**", "../**/tests/**"],
              message: "lib/ is the floor: it imports only lib/ (and packages).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.{ts,tsx}", "emails/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/components", "@/components/**", "@/app", "@/app/**"],
              message:
                "server/ and emails/ sit below components/ and app/: move what both need into lib/.",
            },
            {
              group: ["@/tests", "@/tests/**", "../**/tests/**"],
              message: "Only tests import tests/ (the factories live in server/db/seed/).",
            },
            {
              group: ["../**/components/**", "../**/app/**"],
              message:
                "server/ and emails/ sit below components/ and app/: move what both need into lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The floors under the domains (decision 0041): server/base (small helpers any domain uses)
    // and server/stripe (the one adapter to Stripe) import the machinery and each other, never a
    // domain; a domain's type is allowed. Repeats the server block's patterns: a later block's
    // options replace an earlier one's for the same rule.
    files: ["server/base/**/*.{ts,tsx}", "server/stripe/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/server/(?!(db|env|errors|log|base|stripe)(/|$))",
              allowTypeImports: true,
              message:
                "server/base and server/stripe are floors under the domains: they import only server/db, env, errors, log and each other.",
            },
            {
              regex: "^\\.\\./(?!(base|stripe)/)",
              allowTypeImports: true,
              message:
                "server/base and server/stripe are floors under the domains: import the machinery by its @/server path.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/app", "@/app/**", "@/tests", "@/tests/**", "../**/tests/**"],
              message: "components/ sits below app/, and only tests import tests/.",
            },
          ],
        },
      ],
      // Server code reaches components through the data loaders' home only; types from anywhere.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/server/**", "!@/server/pages"],
              allowTypeImports: true,
              message:
                "components/ calls the server through @/server/pages (the data loaders' home); import other server modules as types only.",
            },
          ],
        },
      ],
    },
  },
  {
    // app/ is routes only: it calls services, never the ORM.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*"],
              message: "app/ calls services in server/, never the ORM.",
            },
          ],
        },
      ],
    },
  },
]);
