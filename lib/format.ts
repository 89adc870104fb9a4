/** Display helpers shared by server and client components (no Intl: same output everywhere). */

/**
 * Cuts `text` to at most `max` characters (code points, so an emoji is never split) and adds an
 * ellipsis when something was cut: card descriptions at 99, farmer introductions at 157.
 */
export function truncate(text: string, max: number, ellipsis = "..."): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join("").trimEnd() + ellipsis;
}

/** "ready_for_pickup" → "Ready For Pickup": underscores become spaces, each word capitalised. */
export function formatStatusLabel(status: string): string {
  return status
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

function pad2(n: number): string {
  return n.toString().padStart(2, "0");
}

/**
 * A date as the reseller transaction filter expects it, "dd/mm/yyyy, hh:mm:ss" (24 h), in the
 * viewer's local time; `utc: true` formats the UTC wall clock instead (tests, server logs).
 */
export function formatDateTimeDMY(date: Date, { utc = false }: { utc?: boolean } = {}): string {
  const parts = utc
    ? [
        date.getUTCDate(),
        date.getUTCMonth() + 1,
        date.getUTCFullYear(),
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
      ]
    : [
        date.getDate(),
        date.getMonth() + 1,
        date.getFullYear(),
        date.getHours(),
        date.getMinutes(),
        date.getSeconds(),
      ];
  const [d, m, y, hh, mm, ss] = parts as [number, number, number, number, number, number];
  return `${pad2(d)}/${pad2(m)}/${y}, ${pad2(hh)}:${pad2(mm)}:${pad2(ss)}`;
}
