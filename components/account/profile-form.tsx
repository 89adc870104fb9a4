"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { currencyForCountry, formatPhoneInput, formatPostalCodeInput } from "@/lib/input-format";
import { COUNTRIES, parseCountry, regionsForCountry, type CountryCode } from "@/lib/regions";
import { INTRODUCTION_MAX_LENGTH, merchantProfileSchema, profileSchemaFor } from "@/lib/validation/profile";
import { FormField, FormStatus, inputClasses, type Status } from "./form-field";
import { send } from "./send";

type FormInput = z.input<typeof merchantProfileSchema>;
type FormOutput = z.output<typeof merchantProfileSchema>;
type FieldName = keyof FormInput & string;

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
export function ProfileForm({ isMerchant, initial }: { isMerchant: boolean; initial: ProfileFormValues }) {
  const schema = profileSchemaFor(isMerchant ? "merchant" : "customer") as typeof merchantProfileSchema;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { ...initial, currency: currencyForCountry(initial.country) },
    mode: "onTouched",
  });
  const [status, setStatus] = useState<Status | null>(null);
  const country: CountryCode = parseCountry(useWatch({ control, name: "country" }) ?? "") ?? "CA";
  const regions = regionsForCountry(country);
  const isCanada = country === "CA";

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

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Profile details" className="grid gap-5 sm:grid-cols-2">
      <FormField id="profile-username" label="Username" error={error("username")} className="sm:col-span-2">
        {(a11y) => <input {...a11y} {...register("username")} autoComplete="username" className={inputClasses} />}
      </FormField>
      <FormField id="profile-first-name" label="First name" error={error("firstName")}>
        {(a11y) => <input {...a11y} {...register("firstName")} autoComplete="given-name" className={inputClasses} />}
      </FormField>
      <FormField id="profile-last-name" label="Last name" error={error("lastName")}>
        {(a11y) => <input {...a11y} {...register("lastName")} autoComplete="family-name" className={inputClasses} />}
      </FormField>
      <FormField id="profile-email" label="Email" error={error("email")}>
        {(a11y) => <input {...a11y} {...register("email")} type="email" autoComplete="email" className={inputClasses} />}
      </FormField>
      <FormField id="profile-phone" label="Phone" error={error("phone")} hint="Format: (416) 555-1234">
        {(a11y) => (
          <input
            {...a11y}
            {...register("phone", {
              onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                setValue("phone", formatPhoneInput(e.target.value)),
            })}
            type="tel"
            inputMode="tel"
            maxLength={14}
            autoComplete="tel-national"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField id="profile-country" label="Country" error={error("country")}>
        {(a11y) => (
          <select
            {...a11y}
            {...register("country", {
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                const next = parseCountry(e.target.value) ?? "CA";
                setValue("currency", currencyForCountry(next));
                setValue("provinceState", "");
                setValue("postalCode", formatPostalCodeInput(getValues("postalCode") ?? "", next));
              },
            })}
            autoComplete="country"
            className={inputClasses}
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="profile-currency" label="Currency" error={error("currency")} hint="Follows the country.">
        {(a11y) => <input {...a11y} {...register("currency")} readOnly className={inputClasses} />}
      </FormField>
      <FormField
        id="profile-address"
        label={isMerchant ? "Farm address" : "Address"}
        error={error("address")}
        className="sm:col-span-2"
      >
        {(a11y) => <input {...a11y} {...register("address")} autoComplete="street-address" className={inputClasses} />}
      </FormField>
      <FormField id="profile-city" label="City" error={error("city")}>
        {(a11y) => <input {...a11y} {...register("city")} autoComplete="address-level2" className={inputClasses} />}
      </FormField>
      <FormField id="profile-province-state" label={isCanada ? "Province" : "State"} error={error("provinceState")}>
        {(a11y) => (
          <select {...a11y} {...register("provinceState")} autoComplete="address-level1" className={inputClasses}>
            <option value="">{isCanada ? "Choose a province" : "Choose a state"}</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="profile-postal-code" label={isCanada ? "Postal code" : "Zip code"} error={error("postalCode")}>
        {(a11y) => (
          <input
            {...a11y}
            {...register("postalCode", {
              onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                setValue("postalCode", formatPostalCodeInput(e.target.value, country)),
            })}
            autoComplete="postal-code"
            maxLength={10}
            className={inputClasses}
          />
        )}
      </FormField>
      {isMerchant ? (
        <FormField id="profile-introduction" label="Introduction" error={error("introduction")} className="sm:col-span-2">
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
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save Profile"}
        </Button>
        <FormStatus status={status} />
      </div>
    </form>
  );
}
