"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormStatus, type Status } from "@/components/account/form-field";
import { send } from "@/components/account/send";
import { AddressFields } from "@/components/forms/address-fields";
import { ContactFields } from "@/components/forms/contact-fields";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { SubmitButton } from "@/components/ui/submit-button";
import { choiceKey, PickupChoices, type PickupFarmChoices } from "./pickup-choices";
import type { DeliveryDestination } from "@/lib/constants";
import type { CountryCode } from "@/lib/regions";
import type { deliverySchema, homeDeliverySchema } from "@/lib/validation/checkout";

type FormInput = z.input<typeof homeDeliverySchema>;
type FormOutput = z.output<typeof deliverySchema>;
type FieldName = keyof FormInput & string;

// zod and the schema (about 30 kB gzipped) load when the form first gets focus or the pointer, or
// at the latest on submit (where the first check runs), not with the page.
const resolver = lazyResolver<FormInput, unknown, FormOutput>(async () => {
  const [{ zodResolver }, { deliverySchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/validation/checkout"),
  ]);
  return zodResolver(deliverySchema as unknown as typeof homeDeliverySchema);
});

export type DeliveryAddressValues = {
  address: string;
  city: string;
  provinceState: string;
  postalCode: string;
  country: CountryCode;
};

export type DeliveryFormValues = DeliveryAddressValues & {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
};

const ADDRESS_FIELDS = ["address", "city", "provinceState", "postalCode", "country"] as const;

/** Whether the address typed differs from the profile's (spacing and case aside). */
function isNewAddress(typed: Partial<DeliveryAddressValues>, profile: DeliveryAddressValues) {
  const norm = (value: unknown) =>
    String(value ?? "")
      .trim()
      .replace(/\s+/g, " ")
      .toUpperCase();
  return ADDRESS_FIELDS.some((field) => norm(typed[field]) !== norm(profile[field]));
}

/**
 * Order Delivery Information (spec part 1 sections 2, 3 "Order delivery" and 5 "Delivery form"):
 * who collects the order and, for home delivery, where it goes. The schema the server uses checks
 * each field here first; Next keeps the details for the preview (the server checks them again).
 * A customer who types a home address that is not their profile's is offered to save it there.
 */
export function DeliveryForm({
  destination,
  initial,
  profileAddress,
  canSaveAddress,
  previewHref,
  pickupFarms = [],
  initialPickup,
}: {
  destination: DeliveryDestination;
  initial: DeliveryFormValues;
  profileAddress: DeliveryAddressValues;
  /** Customers only: a farmer's profile address is their farm's place on the map. */
  canSaveAddress: boolean;
  previewHref: string;
  /** Store pickup: the farms of the cart with open windows (one choice each). */
  pickupFarms?: PickupFarmChoices[];
  /** The windows chosen earlier in this checkout. */
  initialPickup?: { windowId: number; day: string }[] | undefined;
}) {
  const router = useRouter();
  const isHome = destination === "home";
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { ...initial, deliveryDestination: destination as "home" },
    // Checked on submit, then again as each field changes (as the registration form does).
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const [status, setStatus] = useState<Status | null>(null);
  const [saveToProfile, setSaveToProfile] = useState(false);
  // Each farm's earlier choice when still offered, else its next window.
  const [picks, setPicks] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      pickupFarms.map((farm) => {
        const keys = farm.options.map(choiceKey);
        const earlier = (initialPickup ?? []).map(choiceKey).find((k) => keys.includes(k));
        return [farm.merchantId, earlier ?? keys[0] ?? ""];
      }),
    ),
  );
  const [pickupError, setPickupError] = useState<string | undefined>();
  const typedAddress = useWatch({ control, name: [...ADDRESS_FIELDS] });
  const offersSave =
    isHome &&
    canSaveAddress &&
    isNewAddress(
      Object.fromEntries(ADDRESS_FIELDS.map((field, i) => [field, typedAddress[i]])),
      profileAddress,
    );
  const error = (name: FieldName) => errors[name]?.message;
  const busy = isSubmitting || (isSubmitSuccessful && status === null);

  async function onSubmit(values: FormOutput) {
    setStatus(null);
    setPickupError(undefined);
    const pickup = isHome
      ? undefined
      : pickupFarms.flatMap((farm) => {
          const [windowId, day] = (picks[farm.merchantId] ?? "").split(":");
          return windowId && day ? [{ windowId: Number(windowId), day }] : [];
        });
    const unpicked = isHome ? undefined : pickupFarms.find((farm) => !picks[farm.merchantId]);
    if (unpicked) {
      const text = `Please choose a pickup time for ${unpicked.name}.`;
      setPickupError(text);
      setStatus({ kind: "error", text });
      return;
    }
    const result = await send<{ delivery: FormOutput }>("/api/checkout/delivery", {
      json: {
        ...values,
        ...(pickup ? { pickup } : {}),
        saveToProfile: offersSave && saveToProfile,
      },
    });
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
      onFocus={resolver.preload}
      onPointerEnter={resolver.preload}
      noValidate
      aria-label="Order Delivery Information"
      className="grid gap-5 sm:grid-cols-2"
    >
      <ContactFields form={form} idPrefix="delivery" error={error} withEmail />
      {isHome ? <AddressFields form={form} idPrefix="delivery" error={error} withStreet /> : null}
      {!isHome && pickupFarms.length > 0 ? (
        <PickupChoices
          farms={pickupFarms}
          picks={picks}
          onPick={(merchantId, key) => setPicks({ ...picks, [merchantId]: key })}
          error={pickupError}
        />
      ) : null}
      {offersSave ? (
        <label className="flex items-center gap-3 text-stone-800 sm:col-span-2">
          <input
            type="checkbox"
            checked={saveToProfile}
            onChange={(event) => setSaveToProfile(event.target.checked)}
            className="accent-leaf-700 size-5"
          />
          Save this address to my profile
        </label>
      ) : null}
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        <SubmitButton size="lg" disabled={busy} aria-busy={busy}>
          {busy ? "Processing ..." : "Next"}
        </SubmitButton>
        <FormStatus status={status} />
      </div>
    </form>
  );
}
