import { describe, expect, it } from "vitest";
import { resolveSettingsSection, settingsSectionsFor } from "./settings-sections";

describe("settings sections", () => {
  it("gives merchants all seven sections and others password, two-step sign-in and notifications", () => {
    expect(settingsSectionsFor("merchant")).toEqual([
      "checkout",
      "pickup",
      "payouts",
      "subscription",
      "password",
      "security",
      "notifications",
    ]);
    expect(settingsSectionsFor("customer")).toEqual(["password", "security", "notifications"]);
    expect(settingsSectionsFor("admin")).toEqual(["password", "security", "notifications"]);
  });

  it.each([
    ["merchant", undefined, "checkout"],
    ["merchant", "subscription", "subscription"],
    ["merchant", "payouts", "payouts"],
    ["customer", "payouts", "password"],
    ["merchant", "bogus", "checkout"],
    ["customer", undefined, "password"],
    ["customer", "notifications", "notifications"],
    ["admin", "security", "security"],
    ["customer", "checkout", "password"],
    ["customer", "subscription", "password"],
    ["customer", ["notifications"], "password"],
  ] as const)("a %s asking for %j sees %s", (memberType, asked, expected) => {
    expect(resolveSettingsSection(memberType, asked)).toBe(expected);
  });
});
