import { describe, expect, it } from "vitest";
import { readCli } from "./cli";

const config = {
  options: {
    size: { type: "string", default: "M" },
    rebuild: { type: "boolean", default: false },
  },
} as const;

describe("readCli", () => {
  it("reads the options", () => {
    const read = readCli(config, ["--size", "L", "--rebuild"]);
    expect(read.kind === "ok" && read.parsed.values).toEqual({ size: "L", rebuild: true });
  });

  it.each([["--help"], ["-h"], ["--size", "S", "--help"]])("answers help for %j", (...args) => {
    expect(readCli(config, args)).toEqual({ kind: "help" });
  });

  it.each([
    [["--nope"], /Unknown option '--nope'/],
    [["--size"], /--size <value>' argument missing/],
    [["stray"], /Unexpected argument 'stray'/],
  ])("turns %j into a message, not a stack trace", (args, message) => {
    const read = readCli(config, args);
    expect(read.kind).toBe("error");
    expect(read.kind === "error" && read.message).toMatch(message);
  });
});
