"use client";

import type { ChangeEvent, ReactNode } from "react";
import { useWatch, type FieldValues, type UseFormReturn } from "react-hook-form";
import { FormField, inputClasses } from "@/components/account/form-field";
import { formatPostalCodeInput } from "@/lib/input-format";
import { COUNTRIES, parseCountry, regionsForCountry, type CountryCode } from "@/lib/regions";

/** The address fields every form that uses this block has (street fields only with `withStreet`). */
type AddressValues = {
  country: string;
  address?: string;
  city?: string;
  provinceState?: string;
  postalCode?: string;
};

export type AddressFieldName = keyof AddressValues;

export type AddressFieldsProps<T extends FieldValues, C = unknown, O = T> = {
  /** The react-hook-form of a form whose values include the address fields. */
  form: UseFormReturn<T, C, O>;
  /** Control ids are `${idPrefix}-country`, `-address`, `-city`, `-province-state`, `-postal-code`. */
  idPrefix: string;
  /** The message under a field, if any. */
  error: (name: AddressFieldName) => string | undefined;
  /** Address, city, province/state and postal code after the country; without it the country alone. */
  withStreet: boolean;
  /** The postal code before the street fields, not after them (where a postal code alone will do). */
  postalCodeFirst?: boolean;
  labels?: { address?: string; postalCode?: string; zipCode?: string };
  /** Rendered right after the country (the profile's currency). */
  afterCountry?: ReactNode;
  /** Told the new country after the province and postal code were adapted to it. */
  onCountryChange?: (country: CountryCode) => void;
};

/**
 * Country, then (with `withStreet`) address, city, province or state and postal or zip code, as the
 * registration, profile and delivery forms and the location dialog share them: the province list
 * follows the country, a new country clears the province and re-formats the postal code, and the
 * postal code is spaced ("A1A 1A1") or hyphenated ("12345-6789") while typing.
 */
export function AddressFields<T extends FieldValues, C = unknown, O = T>({
  form,
  idPrefix,
  error,
  withStreet,
  postalCodeFirst = false,
  labels = {},
  afterCountry,
  onCountryChange,
}: AddressFieldsProps<T, C, O>) {
  // The component only touches the address fields, which every caller's form has.
  const { register, setValue, getValues, control } =
    form as unknown as UseFormReturn<AddressValues>;
  const country: CountryCode = parseCountry(useWatch({ control, name: "country" }) ?? "") ?? "CA";
  const isCanada = country === "CA";
  const id = (name: string) => `${idPrefix}-${name}`;

  const postalCode = (
    <FormField
      id={id("postal-code")}
      label={isCanada ? (labels.postalCode ?? "Postal Code") : (labels.zipCode ?? "Zip Code")}
      error={error("postalCode")}
    >
      {(a11y) => (
        <input
          {...a11y}
          {...register("postalCode", {
            onChange: (e: ChangeEvent<HTMLInputElement>) =>
              setValue("postalCode", formatPostalCodeInput(e.target.value, country)),
          })}
          autoComplete="postal-code"
          maxLength={10}
          className={inputClasses}
        />
      )}
    </FormField>
  );

  return (
    <>
      <FormField id={id("country")} label="Country" error={error("country")}>
        {(a11y) => (
          <select
            {...a11y}
            {...register("country", {
              onChange: (e: ChangeEvent<HTMLSelectElement>) => {
                const next = parseCountry(e.target.value) ?? "CA";
                if (withStreet) {
                  setValue("provinceState", "");
                  setValue(
                    "postalCode",
                    formatPostalCodeInput(getValues("postalCode") ?? "", next),
                  );
                }
                onCountryChange?.(next);
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
      {afterCountry}
      {withStreet ? (
        <>
          {postalCodeFirst ? postalCode : null}
          <FormField
            id={id("address")}
            label={labels.address ?? "Address"}
            error={error("address")}
            className="sm:col-span-2"
          >
            {(a11y) => (
              <input
                {...a11y}
                {...register("address")}
                autoComplete="street-address"
                className={inputClasses}
              />
            )}
          </FormField>
          <FormField id={id("city")} label="City" error={error("city")}>
            {(a11y) => (
              <input
                {...a11y}
                {...register("city")}
                autoComplete="address-level2"
                className={inputClasses}
              />
            )}
          </FormField>
          <FormField
            id={id("province-state")}
            label={isCanada ? "Province" : "State"}
            error={error("provinceState")}
          >
            {(a11y) => (
              <select
                {...a11y}
                {...register("provinceState")}
                autoComplete="address-level1"
                className={inputClasses}
              >
                <option value="">{isCanada ? "Choose a province" : "Choose a state"}</option>
                {regionsForCountry(country).map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {postalCodeFirst ? null : postalCode}
        </>
      ) : null}
    </>
  );
}
