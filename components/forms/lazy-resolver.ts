import type { FieldValues, Resolver } from "react-hook-form";

export type LazyResolver<T extends FieldValues, C, O> = Resolver<T, C, O> & {
  /** Starts loading the validation now (say, when the form gets focus), so the submit need not wait. */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose validation loads on first use. zod is about 31 kB gzipped in
 * the browser; a form's first validation runs on submit (the default mode), so the page can ship
 * without it:
 *
 *   const resolver = lazyResolver(async () => {
 *     const [{ zodResolver }, { schema }] = await Promise.all([import("@hookform/resolvers/zod"), import("@/lib/...")]);
 *     return zodResolver(schema);
 *   });
 *
 * Create it once per module, not per render. A failed load is tried again on the next call.
 */
export function lazyResolver<T extends FieldValues, C = unknown, O = T>(
  load: () => Promise<Resolver<T, C, O>>,
): LazyResolver<T, C, O> {
  let loading: Promise<Resolver<T, C, O>> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver = (async (values, context, options) =>
    (await get())(values, context, options)) as LazyResolver<T, C, O>;
  resolver.preload = () => void get().catch(() => undefined);
  return resolver;
}
