"use client";

import { useRef, useState } from "react";

export type LoadMorePage<T> = {
  items: T[];
  total: number;
  page: number;
  hasMore: boolean;
  nextCursor: string | null;
};

type Answer = Record<string, unknown> & {
  total: number;
  page: number;
  hasMore: boolean;
  nextCursor: string | null;
};

export const LOAD_MORE_FAILED_TEXT = "The next items could not be loaded. Please try again.";

/**
 * Load More for a catalog list: appends the next page from `endpoint` (the answer's `itemsKey`
 * array), sending back the previous answer's `nextCursor` so deep pages cost the same as the first.
 * Says what happened in `announcement` (for an aria-live region) and, when the button goes away at
 * the end, moves focus to the first new item (`firstNewId`) so keyboard users are not dropped.
 */
export function useLoadMore<T extends { id: number }>({
  endpoint,
  itemsKey,
  query,
  initial,
  noun,
}: {
  endpoint: string;
  itemsKey: string;
  query: Record<string, string>;
  initial: LoadMorePage<T>;
  /** Plural noun for announcements, e.g. "products". */
  noun: string;
}) {
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [page, setPage] = useState(initial.page);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [firstNewId, setFirstNewId] = useState<number | null>(null);
  const busy = useRef(false);

  async function loadMore() {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    setError(null);
    const params = new URLSearchParams({ ...query, page: String(page + 1) });
    if (cursor) params.set("cursor", cursor);
    try {
      const response = await fetch(`${endpoint}?${params.toString()}`, {
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const answer = (await response.json()) as Answer;
      const fresh = answer[itemsKey] as T[];
      const shown = new Set(items.map((item) => item.id));
      const added = fresh.filter((item) => !shown.has(item.id));
      const next = [...items, ...added];
      setItems(next);
      setTotal(answer.total);
      setPage(answer.page);
      setHasMore(answer.hasMore);
      setCursor(answer.nextCursor);
      setFirstNewId(answer.hasMore ? null : (added[0]?.id ?? null));
      setAnnouncement(
        `${added.length} more ${noun} loaded. Showing ${next.length} of ${answer.total}.`,
      );
    } catch {
      setError(LOAD_MORE_FAILED_TEXT);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }

  return { items, total, hasMore, loading, error, announcement, firstNewId, loadMore };
}
