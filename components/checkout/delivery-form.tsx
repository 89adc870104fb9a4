"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormStatus, type Status } from "@/components/account/form-field";
import { send } from "@/components/account/send";
import { AddressFields } from "@/components/forms/address-fields";
import { ContactFields } from "@/components/forms/contact-fields";
import { SubmitButton } from "@/components/ui/submit-button";
import type { DeliveryDestination } from "@/lib/constants";
import type { CountryCode } from "@/lib/regions";
import { deliverySchema, type homeDeliverySchema } from "@/lib/validation/checkout";

type FormInput = z.input<typeof homeDeliverySchema>;
type FormOutput = z.output<typeof deliverySchema>;
type FieldName = keyof FormInput & string;

export type DeliveryFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  provinceState: string;
  postalCode: string;
  country: CountryCode;
};

/**
 * Order Delivery Information (spec part 1 sections 2, 3 "Order delivery" and 5 "Delivery form"):
 * who collects the order and, for home delivery, where it goes. The schema the server uses checks
 * each field here first; Next keeps the details for the preview (the server checks them again).
 */
export function DeliveryForm({
  destination,
  initial,
  previewHref,
}: {
  destination: DeliveryDestination;
  initial: DeliveryFormValues;
  previewHref: string;
}) {
  const router = useRouter();
  const isHome = destination === "home";
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(deliverySchema as unknown as typeof homeDeliverySchema),
    defaultValues: { ...initial, deliveryDestination: destination as "home" },
    // Checked on submit, then again as each field changes (as the registration form does).
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const [status, setStatus] = useState<Status | null>(null);
  const error = (name: FieldName) => errors[name]?.message;
  const busy = isSubmitting || (isSubmitSuccessful && status === null);

  async function onSubmit(values: FormOutput) {
    setStatus(null);
    const result = await send<{ delivery: FormOutput }>("/api/checkout/delivery", { json: values });
    if (result.ok) {
      router.push(previewHref);
      return;
    }
    for (const [field, message] of Object.entries(result.fieldErrors)) {
      setError(field as FieldName, { type: "server", message }, { shouldFocus: true });
    }
    setStatus({ kind: "error", text: result.message });
  }

  return (
    <form
      method="post"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label="Order Delivery Information"
      className="grid gap-5 sm:grid-cols-2"
    >
      <ContactFields form={form} idPrefix="delivery" error={error} withEmail />
      {isHome ? <AddressFields form={form} idPrefix="delivery" error={error} withStreet /> : null}
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <SubmitButton size="lg" disabled={busy} aria-busy={busy}>
          {busy ? "Processing ..." : "Next"}
        </SubmitButton>
        <FormStatus status={status} />
      </div>
    </form>
  );
}
