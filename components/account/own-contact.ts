/** A signed-in member's name and email as GET /api/profile gives them, to fill in a form. */
export type OwnContact = { firstName: string; lastName: string; email: string };

/** The member's own name and email, or null when the profile cannot be read (signed out, offline). */
export async function fetchOwnContact(): Promise<OwnContact | null> {
  try {
    const response = await fetch("/api/profile", { credentials: "same-origin" });
    if (!response.ok) return null;
    const { profile } = (await response.json()) as { profile: OwnContact };
    return { firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
  } catch {
    return null;
  }
}
