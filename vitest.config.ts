import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // server-only throws outside a React Server Components bundle; tests run services directly.
      "server-only": path.resolve(__dirname, "tests/server-only-stub.ts"),
    },
  },
  test: {
    environment: "node",
    // What route handlers and pages read of the environment in every test file (a file may set its
    // own in vi.hoisted, before anything reads it): a session secret, and the site's address.
    env: {
      NEXTAUTH_SECRET: "vitest-session-secret-vitest-session-secret-01",
      APP_URL: "http://localhost:3000",
    },
    // Migrates one template database per run; tests/db.ts copies it for each test file.
    globalSetup: ["tests/global-setup.ts"],
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".next-*/**", ".data/**"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
