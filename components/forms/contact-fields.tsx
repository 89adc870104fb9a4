"use client";

import type { ChangeEvent } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { FormField, inputClasses } from "@/components/account/form-field";
import { PHONE_MAX_LENGTH } from "@/lib/constants";
import { formatPhoneInput } from "@/lib/input-format";

/** The contact fields every form that uses this block has (email only with `withEmail`). */
type ContactValues = {
  firstName: string;
  lastName: string;
  email?: string;
  phone: string;
};

export type ContactFieldName = keyof ContactValues;

export type ContactFieldsProps<T extends FieldValues, C = unknown, O = T> = {
  /** The react-hook-form of a form whose values include the contact fields. */
  form: UseFormReturn<T, C, O>;
  /** Control ids are `${idPrefix}-first-name`, `-last-name`, `-email`, `-phone`. */
  idPrefix: string;
  /** The message under a field, if any. */
  error: (name: ContactFieldName) => string | undefined;
  /** Email between the last name and the phone; without it the form places email itself. */
  withEmail: boolean;
  labels?: { firstName?: string; lastName?: string };
};

/**
 * First name, last name, (with `withEmail`) email and phone, as the registration, profile and
 * delivery forms share them: the phone is formatted "(416) 555-1234" while typing.
 */
export function ContactFields<T extends FieldValues, C = unknown, O = T>({
  form,
  idPrefix,
  error,
  withEmail,
  labels = {},
}: ContactFieldsProps<T, C, O>) {
  // The component only touches the contact fields, which every caller's form has.
  const { register, setValue } = form as unknown as UseFormReturn<ContactValues>;
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <>
      <FormField
        id={id("first-name")}
        label={labels.firstName ?? "First Name"}
        error={error("firstName")}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register("firstName")}
            autoComplete="given-name"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField
        id={id("last-name")}
        label={labels.lastName ?? "Last Name"}
        error={error("lastName")}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register("lastName")}
            autoComplete="family-name"
            className={inputClasses}
          />
        )}
      </FormField>
      {withEmail ? (
        <FormField id={id("email")} label="Email" error={error("email")}>
          {(a11y) => (
            <input
              {...a11y}
              {...register("email")}
              type="email"
              autoComplete="email"
              className={inputClasses}
            />
          )}
        </FormField>
      ) : null}
      <FormField
        id={id("phone")}
        label="Phone"
        error={error("phone")}
        hint="Format: (416) 555-1234"
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register("phone", {
              onChange: (e: ChangeEvent<HTMLInputElement>) =>
                setValue("phone", formatPhoneInput(e.target.value)),
            })}
            type="tel"
            inputMode="tel"
            maxLength={PHONE_MAX_LENGTH}
            autoComplete="tel-national"
            className={inputClasses}
          />
        )}
      </FormField>
    </>
  );
}
