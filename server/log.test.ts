import { describe, expect, it } from "vitest";
import { logLevelFromEnvForTest as levelFromEnv } from "@/server/log";

describe("log level", () => {
  it.each([
    [{ NODE_ENV: "test" }, "silent"],
    [{ NODE_ENV: "test", LOG_LEVEL: "debug" }, "debug"],
    [{ NODE_ENV: "production" }, "info"],
    [{ NODE_ENV: "production", LOG_LEVEL: "warn" }, "warn"],
    [{ NODE_ENV: "production", LOG_LEVEL: "loud" }, "info"],
  ])("%o gives %s", (env, level) => {
    expect(levelFromEnv(env as NodeJS.ProcessEnv)).toBe(level);
  });
});
