"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { send } from "@/components/account/send";
import { Alert } from "@/components/password/alert";
import { TextField } from "@/components/password/text-field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { Reseller } from "@/lib/resellers/types";
import { MSG } from "@/lib/validation/messages";
import { resellerResolver, type ResellerFormInput } from "./reseller-resolvers";

// Spec part 2 section 8, "Admin".
export const RESELLER_ADDED = "Successfully added";
export const RESELLER_UPDATED = "Successfully updated";

const FIELDS = ["firstName", "lastName", "email", "phone", "rate"] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: Record<Field, string> = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  rate: "",
};

/**
 * Adds a reseller (no `reseller`) or edits one. Checked with the calls' own schema on submit;
 * the server's field errors (a duplicate email) are shown under their fields, with the spec's
 * failure text above the button.
 */
export function ResellerForm({
  reseller,
  onSaved,
}: {
  reseller?: Reseller;
  onSaved?: (result: Reseller) => void;
}) {
  const router = useRouter();
  const prefix = useId();
  const editing = reseller !== undefined;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResellerFormInput>({
    resolver: resellerResolver,
    defaultValues: reseller
      ? { ...reseller, phone: reseller.phone ?? "" }
      : (EMPTY as ResellerFormInput),
  });
  const [outcome, setOutcome] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function onSubmit(values: ResellerFormInput) {
    setOutcome(null);
    const answer = await send<{ result: Reseller }>(
      editing ? "/api/resellers" : "/api/resellers/create",
      {
        method: editing ? "PATCH" : "POST",
        json: editing ? { ...values, identifier: reseller.identifier } : values,
      },
    );
    if (!answer.ok) {
      let focused = false;
      for (const field of FIELDS) {
        const message = answer.fieldErrors[field];
        if (!message) continue;
        setError(field, { type: "server", message }, { shouldFocus: !focused });
        focused = true;
      }
      setOutcome({ kind: "error", text: MSG.resellerFormFailed });
      return;
    }
    if (editing) reset({ ...answer.data.result, phone: answer.data.result.phone ?? "" });
    else reset(EMPTY as ResellerFormInput);
    setOutcome({ kind: "success", text: editing ? RESELLER_UPDATED : RESELLER_ADDED });
    onSaved?.(answer.data.result);
    router.refresh();
  }

  const field = (name: Field) => ({
    id: `${prefix}-${name}`,
    error: errors[name]?.message,
    ...register(name),
  });

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onFocus={resellerResolver.preload}
      onPointerEnter={resellerResolver.preload}
      noValidate
      aria-label={editing ? "Edit reseller" : "Add a reseller"}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField label="First Name" autoComplete="off" {...field("firstName")} />
      <TextField label="Last Name" autoComplete="off" {...field("lastName")} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        {...field("email")}
      />
      <TextField
        label="Phone (optional)"
        type="tel"
        inputMode="tel"
        placeholder="(123) 456-7890"
        autoComplete="off"
        {...field("phone")}
      />
      <TextField
        label="Rate"
        inputMode="decimal"
        placeholder="5.00"
        autoComplete="off"
        {...field("rate")}
      />
      <div className="flex items-end sm:col-span-2">
        <SubmitButton disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? "Saving…" : editing ? "Save changes" : "Add reseller"}
        </SubmitButton>
      </div>
      <div className="sm:col-span-2" aria-live="polite">
        {outcome ? <Alert kind={outcome.kind}>{outcome.text}</Alert> : null}
      </div>
    </form>
  );
}
