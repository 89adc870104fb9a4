import "server-only";

/** Longer than any path of this site (a handover link is about 80 characters). */
const MAX_PATH_LENGTH = 2048;
// C0 controls, DEL and the C1 range: no path of this site has one, and browsers drop some of them
// while parsing ("/\t/evil.com" is "//evil.com" to a browser).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * This site's own path for `value`, normalised (path, query and fragment, as `new URL` writes
 * them), or null when it could lead anywhere else. Only a path is accepted: one leading "/", never
 * "//" (protocol-relative), never a backslash (browsers read "/\evil.com" as "//evil.com"), no
 * scheme, no whitespace or control character, and the same checks once more on the percent-decoded
 * path, so an encoded trick ("/%2F%2Fevil.com", "/%5Cevil.com") is refused too. Last, the parsed
 * URL must still be on our origin (security notes: "parse with new URL(value, origin)").
 */
export function toSitePath(value: unknown, appUrl: string): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_PATH_LENGTH)
    return null;
  if (!isPlainPath(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0]!;
  const decoded = decodeRepeatedly(pathname);
  if (decoded === null || !isPlainPath(decoded)) return null;

  const origin = new URL(appUrl).origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isPlainPath(path) ? path : null;
}

function isPlainPath(value: string): boolean {
  return (
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.includes("\\") &&
    !/\s/.test(value) &&
    !CONTROL.test(value)
  );
}

/** Percent-decodes until nothing changes (a few rounds at most); null when malformed. */
function decodeRepeatedly(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}
