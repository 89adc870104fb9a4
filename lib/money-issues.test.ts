import { describe, expect, it } from "vitest";
import { resolveMoneyIssueSchema } from "@/lib/validation/money-issues";
import { checkMoneyNote } from "./money-issues";

// The browser's check and the server's schema say the same of every note.
describe("the Money page's note, in the browser and on the server", () => {
  it.each(["", "   ", "Refunded by bank transfer", `  ${"x".repeat(500)}  `, "x".repeat(501)])(
    "%j",
    (note) => {
      const browser = checkMoneyNote(note);
      const server = resolveMoneyIssueSchema.safeParse({ note });
      expect("note" in browser).toBe(server.success);
      if ("note" in browser && server.success) expect(browser.note).toBe(server.data.note);
      if ("error" in browser && !server.success)
        expect(browser.error).toBe(server.error.issues[0]?.message);
    },
  );
});
