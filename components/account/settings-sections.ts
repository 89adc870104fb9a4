import type { MemberType } from "@/lib/constants";

/** The `section` values of /settings (spec part 1 section 2). */
export const SETTINGS_SECTIONS = [
  "checkout",
  "pickup",
  "payouts",
  "subscription",
  "password",
  "security",
  "notifications",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SETTINGS_SECTION_LABELS: Record<SettingsSection, string> = {
  checkout: "Checkout Options",
  pickup: "Pickup Windows",
  payouts: "Payouts",
  subscription: "Subscription",
  password: "Password",
  security: "Two-step sign-in",
  notifications: "Notifications",
};

/** Merchants manage checkout options, payouts and their plan too; everyone has password and notifications. */
export function settingsSectionsFor(memberType: MemberType): readonly SettingsSection[] {
  return memberType === "merchant" ? SETTINGS_SECTIONS : ["password", "security", "notifications"];
}

/** The section to show: the asked one when this member has it, else checkout (merchants) or password. */
export function resolveSettingsSection(memberType: MemberType, asked: unknown): SettingsSection {
  const sections = settingsSectionsFor(memberType);
  const match = sections.find((s) => s === asked);
  return match ?? sections[0]!;
}
