/**
 * Runs `fn` over `items` with at most `limit` calls in flight: a steady load of `limit` clients,
 * each taking the next item as soon as its last one is done (items start in their order).
 */
export async function inFlight<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, client));
}
