"use client";

import { useRouter } from "next/navigation";
import { useState, type ChangeEvent } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField, FormStatus, inputClasses, type Status } from "@/components/account/form-field";
import { send } from "@/components/account/send";
import { SubmitButton } from "@/components/ui/submit-button";
import { PHONE_MAX_LENGTH } from "@/lib/constants";
import { AddressFields } from "@/components/forms/address-fields";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { formatPhoneInput } from "@/lib/input-format";
import type { CountryCode } from "@/lib/regions";
import type { merchantRegistrationSchema } from "@/lib/validation/accounts";

type FormInput = z.input<typeof merchantRegistrationSchema>;
type FormOutput = z.output<typeof merchantRegistrationSchema>;
type FieldName = keyof FormInput & string;

// zod and the account schemas are about 31 kB gzipped: they load when the form first gets focus or
// the pointer, or at the latest on submit (where the first check runs), not with the page.
const registrationResolver = (variant: "customer" | "merchant") =>
  lazyResolver<FormInput, unknown, FormOutput>(async () => {
    const [{ zodResolver }, schemas] = await Promise.all([
      import("@hookform/resolvers/zod"),
      import("@/lib/validation/accounts"),
    ]);
    const schema =
      variant === "merchant"
        ? schemas.merchantRegistrationSchema
        : schemas.customerRegistrationSchema;
    return zodResolver(schema as typeof merchantRegistrationSchema);
  });
const RESOLVERS = {
  customer: registrationResolver("customer"),
  merchant: registrationResolver("merchant"),
};

export type RegistrationFormProps = {
  variant: "customer" | "merchant";
  defaultCountry: CountryCode;
  /** Prefills the email (`recipientEmail` of /register). */
  defaultEmail?: string;
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
  ak,
}: RegistrationFormProps) {
  const isMerchant = variant === "merchant";
  const resolver = RESOLVERS[variant];
  const router = useRouter();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: {
      username: "",
      firstName: "",
      lastName: "",
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
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const [status, setStatus] = useState<Status | null>(null);
  const id = (name: string) => `${variant}-register-${name}`;
  const error = (name: FieldName) => errors[name]?.message;

  async function onSubmit(values: FormOutput) {
    setStatus(null);
    const url = isMerchant ? "/api/merchants/register" : "/api/users/register";
    const result = await send<{ message: string }>(url, { json: values });
    if (result.ok) {
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
      <FormField id={id("first-name")} label="First Name" error={error("firstName")}>
        {(a11y) => (
          <input
            {...a11y}
            {...register("firstName")}
            autoComplete="given-name"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField id={id("last-name")} label="Last Name" error={error("lastName")}>
        {(a11y) => (
          <input
            {...a11y}
            {...register("lastName")}
            autoComplete="family-name"
            className={inputClasses}
          />
        )}
      </FormField>
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
      <AddressFields
        form={form}
        idPrefix={`${variant}-register`}
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
