import type { FieldValues } from "react-hook-form";
import type * as z4 from "zod/v4/core";
import { lazyResolver, type LazyResolver } from "./lazy-resolver";

type AccountSchemas = typeof import("@/lib/validation/accounts");

/**
 * A lazy resolver for one of the account schemas (lib/validation/accounts): zod and the schemas
 * (about 31 kB gzipped) load when the form first gets focus or the pointer, or at the latest on
 * submit (where the first check runs), not with the page. Create it once per module.
 */
export function lazyAccountsResolver<T extends FieldValues, O>(
  pick: (schemas: AccountSchemas) => z4.$ZodType<O, T>,
): LazyResolver<T, unknown, O> {
  return lazyResolver<T, unknown, O>(async () => {
    const [{ zodResolver }, schemas] = await Promise.all([
      import("@hookform/resolvers/zod"),
      import("@/lib/validation/accounts"),
    ]);
    return zodResolver(pick(schemas));
  });
}
