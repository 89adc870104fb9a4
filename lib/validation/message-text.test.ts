import { describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { conversationMessageSchema } from "./messaging";
import {
  caretAfterStraightening,
  checkMessageText,
  removeDisallowed,
  straightenMessage,
} from "./message-text";

describe("checkMessageText (issue 42, item 3)", () => {
  it.each([
    ["an emoji", "Eggs 🥚 today?", ["🥚"]],
    ["a half and a degree", "½ dozen at 4°C", ["½", "°"]],
    ["a euro sign, twice", "€5 or €6?", ["€"]],
    ["a control and a joiner", "a\u0007b\u200dc", ["\u0007", "\u200d"]],
    ["nothing wrong", "Yes! 12 @ $5 (each) & 'fresh' \"today\" #1", []],
    ["letters of any script, and line breaks", "Québec, Jalapeño\nÇa va?", []],
  ])("names %s", (_name, text, disallowed) => {
    expect(checkMessageText(text).disallowed).toEqual(disallowed);
  });

  it("names exactly what the server's schema refuses", () => {
    for (const text of ["Eggs 🥚", "½ dozen", "4°C", "€5", "plain text, fine."]) {
      const named = checkMessageText(text).disallowed.length > 0;
      expect(conversationMessageSchema.safeParse({ message: text }).success).toBe(!named);
      // What Remove leaves is always accepted.
      expect(conversationMessageSchema.safeParse({ message: removeDisallowed(text) }).success).toBe(
        removeDisallowed(text).trim() !== "",
      );
    }
  });

  it("counts the limit as the server does and says when a paste is over it, keeping the text", () => {
    const long = "a".repeat(MESSAGE_MAX_LENGTH + 120);
    expect(checkMessageText(long)).toEqual({ disallowed: [], length: 1620, tooLong: true });
    expect(checkMessageText("a".repeat(MESSAGE_MAX_LENGTH)).tooLong).toBe(false);
    expect(checkMessageText(`  ${"a".repeat(MESSAGE_MAX_LENGTH)}  `).tooLong).toBe(false);
  });

  it("straightens curly quotes, dashes and the ellipsis as the server does, keeping the caret", () => {
    expect(straightenMessage("It’s “fresh” – really…")).toBe(`It's "fresh" - really...`);
    const typed = "Wait… it’s";
    expect(caretAfterStraightening(typed, typed.length)).toBe("Wait... it's".length);
    expect(caretAfterStraightening(typed, 4)).toBe(4);
    expect(caretAfterStraightening(typed, 5)).toBe(7);
  });

  it("removes only what cannot be sent", () => {
    expect(removeDisallowed("½ dozen 🥚 at €5, it’s fresh")).toBe(" dozen  at 5, it's fresh");
  });
});
