"use client";

import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormField, FormStatus, type Status } from "@/components/account/form-field";
import { send } from "@/components/account/send";
import { AddressFields } from "@/components/forms/address-fields";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import {
  LOCATION_SAVED_CLOSE_MS,
  RADIUS_DEFAULT_KM,
  RADIUS_MAX_KM,
  RADIUS_MIN_KM,
  RADIUS_STEP_KM,
} from "@/lib/constants";
import { parseCountry, type CountryCode } from "@/lib/regions";
import type { localLocationSchema } from "@/lib/validation/location";
import type { LocationAnswer } from "@/server/location/types";

type FormInput = z.input<typeof localLocationSchema>;
type FormOutput = z.output<typeof localLocationSchema>;
type FieldName = keyof FormInput & string;

// The dialog opens by itself on a first visit, so it is on the path of every new visitor's first
// page: zod and the schema (about 31 kB gzipped) load on the first pointer press or keystroke in
// the form, or when a field is first checked, not when the dialog opens.
const resolver = lazyResolver<FormInput, unknown, FormOutput>(async () => {
  const [{ zodResolver }, { localLocationSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/validation/location"),
  ]);
  return zodResolver(localLocationSchema);
});

const ENDPOINT = "/api/location";
const SAVED_MESSAGE = "Nice, You are set!";

/**
 * The location dialog (spec part 1 sections 4 and 5 "Local location"): where the viewer is and how
 * far to look, checked by the same schema as the server. After Save it shows 'Nice, You are set!'
 * and closes LOCATION_SAVED_CLOSE_MS later; a place the geocoder cannot find comes back as a
 * message on its field.
 */
export function LocationDialog({
  initial,
  defaultCountry,
  onClose,
}: {
  initial: LocationAnswer | null;
  defaultCountry: CountryCode;
  onClose: (outcome: "saved" | "dismissed") => void;
}) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: {
      address: initial?.address ?? "",
      city: initial?.city ?? "",
      provinceState: initial?.provinceState ?? "",
      postalCode: initial?.postalCode ?? "",
      country: initial?.country ?? defaultCountry,
      radius: String(initial?.radius ?? RADIUS_DEFAULT_KM),
    },
    mode: "onTouched",
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [status, setStatus] = useState<Status | null>(null);
  const [done, setDone] = useState(false);
  const [clearing, setClearing] = useState(false);

  // Spec part 1 section 4: the success text shows for LOCATION_SAVED_CLOSE_MS, then the dialog closes.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => onClose("saved"), LOCATION_SAVED_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [done, onClose]);

  const country: CountryCode =
    parseCountry(String(useWatch({ control, name: "country" }) ?? "")) ?? "CA";
  const radius = Number(useWatch({ control, name: "radius" }) ?? RADIUS_DEFAULT_KM);
  const isCanada = country === "CA";

  async function onSubmit(values: FormOutput) {
    setStatus(null);
    const result = await send<{ message: string }>(ENDPOINT, { json: values });
    if (result.ok) {
      setStatus({ kind: "success", text: SAVED_MESSAGE });
      setDone(true);
      return;
    }
    const fieldErrors = Object.entries(result.fieldErrors);
    for (const [field, message] of fieldErrors) {
      setError(field as FieldName, { type: "server", message }, { shouldFocus: true });
    }
    // Field errors speak for themselves under their fields; anything else goes in the status line.
    if (fieldErrors.length === 0) setStatus({ kind: "error", text: result.message });
  }

  async function onClear() {
    setStatus(null);
    setClearing(true);
    const result = await send<{ message: string }>(ENDPOINT, { method: "DELETE" });
    setClearing(false);
    if (!result.ok) return setStatus({ kind: "error", text: result.message });
    setStatus({ kind: "success", text: result.data.message });
    setDone(true);
  }

  const error = (name: FieldName) => errors[name]?.message;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        // Not while a save or clear is on its way: its answer must still refresh the page.
        if (!open && !done && !isSubmitting && !clearing) onClose("dismissed");
      }}
    >
      <DialogContent
        title="My Local"
        description="Tell us where you are to see the farms and produce near you first."
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg"
      >
        <form
          method="post"
          onSubmit={handleSubmit(onSubmit)}
          onPointerDown={resolver.preload}
          onKeyDown={resolver.preload}
          noValidate
          aria-label="My Local location"
          className="mt-5 grid gap-4 sm:grid-cols-2"
        >
          <AddressFields
            form={form}
            idPrefix="my-local"
            error={error}
            withStreet
            postalCodeFirst
            labels={{ postalCode: "Postal code", zipCode: "Zip code" }}
          />
          <FormField
            id="my-local-radius"
            label="Radius"
            error={error("radius")}
            hint={radius === 0 ? "0 km: no limit, nearest first." : `Within ${radius} km.`}
            className="sm:col-span-2"
          >
            {(a11y) => (
              <div className="flex items-center gap-4">
                <input
                  {...a11y}
                  {...register("radius")}
                  type="range"
                  min={RADIUS_MIN_KM}
                  max={RADIUS_MAX_KM}
                  step={RADIUS_STEP_KM}
                  aria-valuetext={`${radius} km`}
                  className="accent-leaf-700 h-11 flex-1"
                />
                <output
                  htmlFor="my-local-radius"
                  className="w-14 text-right font-semibold text-stone-900"
                >
                  {radius} km
                </output>
              </div>
            )}
          </FormField>
          <p className="text-sm text-stone-600 sm:col-span-2">
            A postal code is enough; without one, give the city and the{" "}
            {isCanada ? "province" : "state"}.
          </p>
          <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
            <SubmitButton disabled={isSubmitting || clearing || done}>
              {isSubmitting ? "Saving…" : "Save"}
            </SubmitButton>
            {initial ? (
              <Button
                variant="ghost"
                onClick={() => void onClear()}
                disabled={isSubmitting || clearing || done}
              >
                Clear my location
              </Button>
            ) : null}
            <FormStatus status={status} />
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
