import "server-only";

export type CookieEntry = { name: string; value: string };

/**
 * The cookies of a `Cookie` request header, in order, values URI-decoded (a value that does not
 * decode is kept as sent). For route handlers that read the request rather than `cookies()`.
 */
export function parseCookieHeader(header: string | null): CookieEntry[] {
  if (!header) return [];
  const entries: CookieEntry[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const raw = part.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw text
    }
    entries.push({ name: part.slice(0, eq).trim(), value });
  }
  return entries;
}

/** The first cookie called `name` in a `Cookie` header, decoded, or undefined. */
export function readCookie(header: string | null, name: string): string | undefined {
  return parseCookieHeader(header).find((entry) => entry.name === name)?.value;
}
