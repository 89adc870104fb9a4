"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField, FormStatus, inputClasses, type Status } from "@/components/account/form-field";
import { send } from "@/components/account/send";
import { SubmitButton } from "@/components/ui/submit-button";
import { AddressFields } from "@/components/forms/address-fields";
import { ContactFields } from "@/components/forms/contact-fields";
import { lazyAccountsResolver } from "@/components/forms/accounts-resolver";
import type { CountryCode } from "@/lib/regions";
import type { merchantRegistrationSchema } from "@/lib/validation/accounts";
import { rememberRegisteredLogin } from "./registered-login";

type FormInput = z.input<typeof merchantRegistrationSchema>;
type FormOutput = z.output<typeof merchantRegistrationSchema>;
type FieldName = keyof FormInput & string;

const registrationResolver = (variant: "customer" | "merchant") =>
  lazyAccountsResolver<FormInput, FormOutput>(
    (schemas) =>
      (variant === "merchant"
        ? schemas.merchantRegistrationSchema
        : schemas.customerRegistrationSchema) as typeof merchantRegistrationSchema,
  );
const RESOLVERS = {
  customer: registrationResolver("customer"),
  merchant: registrationResolver("merchant"),
};

export type RegistrationFormProps = {
  variant: "customer" | "merchant";
  defaultCountry: CountryCode;
  /** Prefills the email (`recipientEmail` of /register). */
  defaultEmail?: string;
  /**
   * `recipientToken` of /register (a farmer's reply mail): sent along, so the conversations the
   * visitor had with that email become the new account's.
   */
  recipientToken?: string;
  /** Prefills the name a visitor gave when they asked a farm (with `recipientToken`). */
  defaultName?: { firstName: string; lastName: string };
  /** The reseller identifier of /merchants/register?ak=..., already checked by the page. */
  ak?: string;
};

/**
 * Customer and farmer sign-up (spec part 1 section 5). The zod schema the server uses checks each
 * field here first; the server's per-field messages (a taken username, an address that cannot be
 * placed) land under their fields, joined by spaces. Success goes to /login?register_success=true.
 */
export function RegistrationForm({
  variant,
  defaultCountry,
  defaultEmail = "",
  recipientToken,
  defaultName,
  ak,
}: RegistrationFormProps) {
  const isMerchant = variant === "merchant";
  const resolver = RESOLVERS[variant];
  const router = useRouter();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: {
      username: "",
      firstName: defaultName?.firstName ?? "",
      lastName: defaultName?.lastName ?? "",
      phone: "",
      country: defaultCountry,
      email: defaultEmail,
      password: "",
      cPassword: "",
      ...(isMerchant ? { address: "", city: "", provinceState: "", postalCode: "", ak } : {}),
    },
    // Checked on submit, then again as each field changes: errors never appear under the pointer
    // on blur and push the button away mid-click.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const [status, setStatus] = useState<Status | null>(null);
  const idPrefix = `${variant}-register`;
  const id = (name: string) => `${idPrefix}-${name}`;
  const error = (name: FieldName) => errors[name]?.message;

  async function onSubmit(values: FormOutput) {
    setStatus(null);
    const url = isMerchant ? "/api/merchants/register" : "/api/users/register";
    const result = await send<{ message: string }>(url, {
      json: recipientToken && !isMerchant ? { ...values, recipientToken } : values,
    });
    if (result.ok) {
      rememberRegisteredLogin(values.email);
      router.push("/login?register_success=true");
      return;
    }
    const fields = Object.entries(result.fieldErrors).filter(([field]) => field !== "ak");
    for (const [field, message] of fields) {
      setError(field as FieldName, { type: "server", message }, { shouldFocus: true });
    }
    setStatus({ kind: "error", text: result.fieldErrors.ak ?? result.message });
  }

  return (
    <form
      method="post"
      onSubmit={handleSubmit(onSubmit)}
      onFocus={resolver.preload}
      onPointerEnter={resolver.preload}
      noValidate
      aria-label={isMerchant ? "Farmer registration" : "Registration"}
      className="grid gap-5 sm:grid-cols-2"
    >
      <FormField
        id={id("username")}
        label="Username"
        error={error("username")}
        className="sm:col-span-2"
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register("username")}
            autoComplete="username"
            autoCapitalize="none"
            className={inputClasses}
          />
        )}
      </FormField>
      <ContactFields form={form} idPrefix={idPrefix} error={error} withEmail={false} />
      <AddressFields
        form={form}
        idPrefix={idPrefix}
        error={error}
        withStreet={isMerchant}
        labels={{ address: "Farm Address" }}
      />
      <FormField id={id("email")} label="Email" error={error("email")} className="sm:col-span-2">
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
      <FormField id={id("password")} label="Password" error={error("password")}>
        {(a11y) => (
          <input
            {...a11y}
            {...register("password")}
            type="password"
            autoComplete="new-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField id={id("c-password")} label="Confirm Password" error={error("cPassword")}>
        {(a11y) => (
          <input
            {...a11y}
            {...register("cPassword")}
            type="password"
            autoComplete="new-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <SubmitButton disabled={isSubmitting}>
          {isSubmitting ? "Processing ..." : "Register"}
        </SubmitButton>
        <FormStatus status={status} />
      </div>
    </form>
  );
}
