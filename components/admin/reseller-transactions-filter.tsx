"use client";

import { useRouter } from "next/navigation";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { TextField } from "@/components/password/text-field";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { dmyOfPickerValue, pickerValueOf } from "@/lib/resellers/date-time";
import { MSG } from "@/lib/validation/messages";
import {
  transactionFilterResolver,
  type TransactionFilterInput,
  type TransactionFilterOutput,
} from "./reseller-resolvers";
import { transactionsHref, type FilterValues } from "./reseller-transactions-href";

const DATE_FIELDS = ["dateFrom", "dateTo"] as const;

/** The pickers' values as the call and the address write them ("dd/mm/yyyy, hh:mm:ss"). */
const asFilterValues = (values: TransactionFilterInput): FilterValues => ({
  resellerKeyword: String(values.resellerKeyword ?? ""),
  dateFrom: dmyOfPickerValue(String(values.dateFrom ?? "")),
  dateTo: dmyOfPickerValue(String(values.dateTo ?? "")),
});

/**
 * The call's own schema on the pickers' values. A picker filled in part (a day but no time, say)
 * has no value at all, only `validity.badInput`: it is reported, never read as "no bound".
 */
const filterResolver: Resolver<TransactionFilterInput, unknown, TransactionFilterOutput> = async (
  values,
  context,
  options,
) => {
  const result = await transactionFilterResolver(
    { page: values.page, ...asFilterValues(values) },
    context,
    options,
  );
  const incomplete = DATE_FIELDS.filter(
    (field) => (options.fields[field]?.ref as HTMLInputElement | undefined)?.validity?.badInput,
  );
  if (incomplete.length === 0) return result;
  const errors: FieldErrors<TransactionFilterInput> = { ...result.errors };
  for (const field of incomplete)
    errors[field] = { type: "incomplete", message: MSG.incompleteDateTime };
  return { values: {}, errors };
};

/**
 * The transaction filter: the reseller's email and a date range picked in date-and-time pickers
 * (Toronto time; typed or chosen, by keyboard too), checked with the call's own schema, then put
 * in the address as "dd/mm/yyyy, hh:mm:ss" (so a reload, the back button and a shared link keep
 * it). `errors` are those the page found in the address: a bound there that is not a date leaves
 * its picker empty and says so.
 */
export function ResellerTransactionsFilter({
  path,
  values,
  errors: addressErrors,
}: {
  path: string;
  values: FilterValues;
  errors: Partial<Record<keyof FilterValues, string>>;
}) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<TransactionFilterInput, unknown, TransactionFilterOutput>({
    resolver: filterResolver,
    defaultValues: {
      resellerKeyword: values.resellerKeyword,
      dateFrom: pickerValueOf(values.dateFrom),
      dateTo: pickerValueOf(values.dateTo),
    },
  });
  // The address's errors until the form is submitted once.
  const errorOf = (field: keyof FilterValues) =>
    errors[field]?.message ?? (isSubmitted ? undefined : addressErrors[field]);

  return (
    <form
      role="search"
      aria-label="Filter reseller transactions"
      noValidate
      onFocus={transactionFilterResolver.preload}
      onPointerEnter={transactionFilterResolver.preload}
      onSubmit={handleSubmit(() =>
        router.push(transactionsHref(path, asFilterValues(getValues()))),
      )}
      className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6 md:grid-cols-3"
    >
      <TextField
        id="filter-reseller-email"
        label="Reseller email"
        type="email"
        inputMode="email"
        autoComplete="off"
        error={errorOf("resellerKeyword")}
        {...register("resellerKeyword")}
      />
      {/* step 1: the pickers take seconds, as the filter's format does */}
      <TextField
        id="filter-date-from"
        label="Date from"
        type="datetime-local"
        step={1}
        error={errorOf("dateFrom")}
        {...register("dateFrom")}
      />
      <TextField
        id="filter-date-to"
        label="Date to"
        type="datetime-local"
        step={1}
        error={errorOf("dateTo")}
        {...register("dateTo")}
      />
      <p className="text-sm text-stone-600 md:col-span-3">Dates are in Toronto time.</p>
      <div className="flex flex-wrap gap-3 md:col-span-3">
        <SubmitButton disabled={isSubmitting}>Filter</SubmitButton>
        <Button variant="ghost" onClick={() => router.push(path)}>
          Clear
        </Button>
      </div>
    </form>
  );
}
