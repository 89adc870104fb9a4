import type { z } from "zod";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import type {
  resellerCreateSchema,
  resellerTransactionFilterSchema,
} from "@/lib/validation/resellers";

export type ResellerFormInput = z.input<typeof resellerCreateSchema>;
export type ResellerFormOutput = z.output<typeof resellerCreateSchema>;
export type TransactionFilterInput = z.input<typeof resellerTransactionFilterSchema>;
export type TransactionFilterOutput = z.output<typeof resellerTransactionFilterSchema>;

const load = () =>
  Promise.all([import("@hookform/resolvers/zod"), import("@/lib/validation/resellers")]);

/** The reseller form's schema (create and edit share the fields), loaded on first use. */
export const resellerResolver = lazyResolver<ResellerFormInput, unknown, ResellerFormOutput>(
  async () => {
    const [{ zodResolver }, schemas] = await load();
    return zodResolver(schemas.resellerCreateSchema);
  },
);

/** The transaction filter's schema, loaded on first use. */
export const transactionFilterResolver = lazyResolver<
  TransactionFilterInput,
  unknown,
  TransactionFilterOutput
>(async () => {
  const [{ zodResolver }, schemas] = await load();
  return zodResolver(schemas.resellerTransactionFilterSchema);
});
