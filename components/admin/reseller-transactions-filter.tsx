"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/password/text-field";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { transactionFilterResolver, type TransactionFilterInput } from "./reseller-resolvers";
import { transactionsHref, type FilterValues } from "./reseller-transactions-href";

/**
 * The transaction filter: the reseller's email and a date range typed as "dd/mm/yyyy, hh:mm:ss"
 * (Toronto time), checked with the call's own schema, then put in the address (so a reload, the
 * back button and a shared link keep it). `errors` are those the page found in the address.
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
  } = useForm<TransactionFilterInput>({
    resolver: transactionFilterResolver,
    defaultValues: values,
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
        router.push(transactionsHref(path, getValues() as FilterValues)),
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
      <TextField
        id="filter-date-from"
        label="Date from (dd/mm/yyyy, hh:mm:ss)"
        placeholder="01/11/2026, 00:00:00"
        autoComplete="off"
        error={errorOf("dateFrom")}
        {...register("dateFrom")}
      />
      <TextField
        id="filter-date-to"
        label="Date to (dd/mm/yyyy, hh:mm:ss)"
        placeholder="30/11/2026, 23:59:59"
        autoComplete="off"
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
