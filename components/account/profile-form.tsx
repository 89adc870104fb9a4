"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { SubmitButton } from "@/components/ui/submit-button";
import { AddressFields } from "@/components/forms/address-fields";
import { ContactFields } from "@/components/forms/contact-fields";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { INTRODUCTION_MAX_LENGTH, type MemberType } from "@/lib/constants";
import { currencyForCountry } from "@/lib/input-format";
import type { CountryCode } from "@/lib/regions";
import type { merchantProfileSchema } from "@/lib/validation/profile";
import { FormField, FormStatus, inputClasses, type Status } from "./form-field";
import { send } from "./send";

type FormInput = z.input<typeof merchantProfileSchema>;
type FormOutput = z.output<typeof merchantProfileSchema>;
type FieldName = keyof FormInput & string;

// zod and the schemas (about 30 kB gzipped) load when the form first gets focus or the pointer, or
// at the latest on the first check (a field left, or submit), not with the page.
const profileResolver = (memberType: MemberType) =>
  lazyResolver<FormInput, unknown, FormOutput>(async () => {
    const [{ zodResolver }, { profileSchemaFor }] = await Promise.all([
      import("@hookform/resolvers/zod"),
      import("@/lib/validation/profile"),
    ]);
    return zodResolver(profileSchemaFor(memberType) as typeof merchantProfileSchema);
  });
const RESOLVERS = { customer: profileResolver("customer"), merchant: profileResolver("merchant") };

export type ProfileFormValues = {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: CountryCode;
  address: string;
  city: string;
  provinceState: string;
  postalCode: string;
  introduction: string;
};

/**
 * The member's details (spec part 1 sections 2 and 5 "Profile"). The same zod schema checks the
 * form here and the body on the server; server field errors (a taken username, an address that
 * cannot be placed) land on their fields.
 */
export function ProfileForm({
  isMerchant,
  initial,
}: {
  isMerchant: boolean;
  initial: ProfileFormValues;
}) {
  const resolver = RESOLVERS[isMerchant ? "merchant" : "customer"];
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { ...initial, currency: currencyForCountry(initial.country) },
    mode: "onTouched",
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const [status, setStatus] = useState<Status | null>(null);

  async function onSubmit(values: FormOutput) {
    setStatus(null);
    const result = await send<{ message: string }>("/api/profile", { json: values });
    if (result.ok) {
      setStatus({ kind: "success", text: result.data.message });
      return;
    }
    for (const [field, message] of Object.entries(result.fieldErrors)) {
      setError(field as FieldName, { type: "server", message }, { shouldFocus: true });
    }
    setStatus({ kind: "error", text: result.message });
  }

  const error = (name: FieldName) => errors[name]?.message;
  // A new email needs the current password (the server checks it): whoever holds the email can
  // reset the password.
  const email = useWatch({ control: form.control, name: "email" });
  const emailChanged = (email ?? "").trim().toLowerCase() !== initial.email.toLowerCase();

  return (
    <form
      method="post"
      onSubmit={handleSubmit(onSubmit)}
      onFocus={resolver.preload}
      onPointerEnter={resolver.preload}
      noValidate
      aria-label="Profile details"
      className="grid gap-5 sm:grid-cols-2"
    >
      <FormField
        id="profile-username"
        label="Username"
        error={error("username")}
        className="sm:col-span-2"
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register("username")}
            autoComplete="username"
            className={inputClasses}
          />
        )}
      </FormField>
      <ContactFields
        form={form}
        idPrefix="profile"
        error={error}
        withEmail
        labels={{ firstName: "First name", lastName: "Last name" }}
      />
      {emailChanged ? (
        <FormField
          id="profile-current-password"
          label="Current password"
          error={error("currentPassword")}
          hint="Needed to change your email."
          className="sm:col-span-2"
        >
          {(a11y) => (
            <input
              {...a11y}
              {...register("currentPassword")}
              type="password"
              autoComplete="current-password"
              className={inputClasses}
            />
          )}
        </FormField>
      ) : null}
      <AddressFields
        form={form}
        idPrefix="profile"
        error={error}
        withStreet
        labels={{
          address: isMerchant ? "Farm address" : "Address",
          postalCode: "Postal code",
          zipCode: "Zip code",
        }}
        onCountryChange={(next) => setValue("currency", currencyForCountry(next))}
        afterCountry={
          <FormField
            id="profile-currency"
            label="Currency"
            error={error("currency")}
            hint="Follows the country."
          >
            {(a11y) => (
              <input {...a11y} {...register("currency")} readOnly className={inputClasses} />
            )}
          </FormField>
        }
      />
      {isMerchant ? (
        <FormField
          id="profile-introduction"
          label="Introduction"
          error={error("introduction")}
          className="sm:col-span-2"
        >
          {(a11y) => (
            <textarea
              {...a11y}
              {...register("introduction")}
              rows={5}
              maxLength={INTRODUCTION_MAX_LENGTH}
              className={`${inputClasses} h-auto py-2.5`}
            />
          )}
        </FormField>
      ) : null}
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <SubmitButton disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save Profile"}
        </SubmitButton>
        <FormStatus status={status} />
      </div>
    </form>
  );
}
