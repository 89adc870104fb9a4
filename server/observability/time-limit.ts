import "server-only";

/**
 * `work`, or a rejection once `ms` have passed without it settling. The work itself goes on (a
 * statement in flight cannot be called back from here); only the wait ends.
 */
export async function withinMs<T>(ms: number, what: string, work: PromiseLike<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
