import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkMessageText } from "@/lib/validation/message-text";
import { MessageHints } from "./message-field";

const hints = (text: string) =>
  renderToStaticMarkup(<MessageHints check={checkMessageText(text)} onRemove={() => {}} />);

describe("MessageHints", () => {
  it("says the limit while the message is fine, and offers nothing to remove", () => {
    const html = hints("Fresh eggs?");
    expect(html).toContain("Character limit: 1500");
    expect(html).not.toContain("<button");
  });

  it("marks each character that cannot be sent and offers to remove them", () => {
    const html = hints("½ dozen 🥚");
    expect(html).toContain("These characters cannot be sent:");
    expect(html).toContain("<mark");
    expect(html).toContain(">½</mark>");
    expect(html).toContain(">🥚</mark>");
    expect(html).toContain(">Remove them</button>");
  });

  it("names an invisible character by its code", () => {
    expect(hints("a\u200db")).toContain(">U+200D</mark>");
  });

  it("says the spec's text when a paste is over the limit, with the count", () => {
    const html = hints("a".repeat(1620));
    expect(html).toContain("It exceeded the character limit for the message: 1,620 of 1,500");
  });
});
