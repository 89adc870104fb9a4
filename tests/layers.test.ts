/**
 * The layers point one way (lib <- server <- components <- app; tests import anything, nothing
 * imports tests) and ESLint says so: each wrong way below must fail lint, each right way pass.
 */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
}, 60_000);

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, {
    filePath,
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.endsWith("no-restricted-imports"))
    .map((m) => m.message);
}

const CASES: [string, string, string, boolean][] = [
  ["a component opens the database", "components/layer-probe.tsx", "@/server/db/client", false],
  [
    "a component calls a domain's internals",
    "components/layer-probe.tsx",
    "@/server/catalog/get-store",
    false,
  ],
  [
    "a component calls the data loaders' home",
    "components/layer-probe.tsx",
    "@/server/pages",
    true,
  ],
  ["server imports a component", "server/layer-probe.ts", "@/components/layout/logo", false],
  ["server imports a page", "server/layer-probe.ts", "@/app/layout", false],
  ["server imports the tests' helpers", "server/layer-probe.ts", "@/tests/db", false],
  ["an email imports a component", "emails/layer-probe.tsx", "@/components/ui/button", false],
  ["lib imports server code", "lib/layer-probe.ts", "@/server/env", false],
  ["lib imports a component", "lib/layer-probe.ts", "@/components/ui/button", false],
  ["lib imports server code by a relative path", "lib/layer-probe.ts", "../server/env", false],
  ["a component imports a page", "components/layer-probe.tsx", "@/app/layout", false],
  ["a component imports the tests' helpers", "components/layer-probe.tsx", "@/tests/db", false],
  ["a floor helper imports a domain", "server/base/layer-probe.ts", "@/server/orders", false],
  [
    "the Stripe adapter imports a domain",
    "server/stripe/layer-probe.ts",
    "@/server/payments/refunds",
    false,
  ],
  [
    "the Stripe adapter imports a domain by a relative path",
    "server/stripe/layer-probe.ts",
    "../checkout/mark-order-paid",
    false,
  ],
  [
    "the Stripe adapter imports the database",
    "server/stripe/layer-probe.ts",
    "@/server/db/client",
    true,
  ],
  [
    "the Stripe adapter imports a floor helper",
    "server/stripe/layer-probe.ts",
    "../base/follow-ups",
    true,
  ],
  ["server imports lib", "server/layer-probe.ts", "@/lib/money", true],
  ["lib imports lib", "lib/layer-probe.ts", "@/lib/money", true],
  ["server imports server", "server/layer-probe.ts", "@/server/env", true],
  ["a server test imports the tests' helpers", "server/layer-probe.test.ts", "@/tests/db", true],
  ["a page imports a component", "app/layer-probe.tsx", "@/components/ui/button", true],
];

describe("layers held by lint", () => {
  it("lets a component take a server type", async () => {
    const errors = await layerErrors(
      "components/layer-probe.tsx",
      'import type { Db } from "@/server/db/client";\nconst imported: Db | null = null;',
    );
    expect(errors).toEqual([]);
  });

  it.each(CASES)("%s (%s from %s): allowed %s", async (_name, filePath, from, allowed) => {
    const errors = await layerErrors(filePath, `import { imported } from "${from}";`);
    expect(errors.length === 0).toBe(allowed);
  });
});
