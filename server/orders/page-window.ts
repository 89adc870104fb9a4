import "server-only";

/** Which slice of a newest-first list to read for one page, and from which end. */
export type PageWindow = { offset: number; limit: number; reverse: boolean };

/**
 * The spec pages by page number, so a deep page is an OFFSET, which costs as many rows as it skips.
 * Pages past the middle are read from the other end (oldest first, then turned around): the last
 * page then costs what the first does, and no page skips more than half the list. Null when the
 * page is past the end (nothing to read).
 */
export function pageWindow(count: number, page: number, perPage: number): PageWindow | null {
  const start = (page - 1) * perPage;
  if (start >= count) return null;
  const limit = Math.min(perPage, count - start);
  const fromEnd = count - start - limit;
  return fromEnd < start
    ? { offset: fromEnd, limit, reverse: true }
    : { offset: start, limit, reverse: false };
}
