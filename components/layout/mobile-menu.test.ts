import { describe, expect, it } from "vitest";
import { menuButtonName } from "./mobile-menu";

// Issue 42, item 4: the red dot on "Menu" was heard as "Menu".
describe("the menu button's name", () => {
  it.each([
    [0, "Menu"],
    [1, "Menu, 1 conversation with new messages"],
    [3, "Menu, 3 conversations with new messages"],
  ])("with %i unread conversations is %s", (unread, name) => {
    expect(menuButtonName(unread)).toBe(name);
  });
});
