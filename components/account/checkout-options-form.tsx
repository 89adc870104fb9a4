"use client";

import { useState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { MSG } from "@/lib/validation/messages";
import { FormStatus, type Status } from "./form-field";
import { send } from "./send";
import { SwitchRow } from "./switch-row";

export const CARD_NOT_CONFIGURED_TEXT = "Card payments are not configured on this marketplace yet.";

type Options = { payInPerson: boolean; payByCard: boolean };

/**
 * Settings → checkout options (merchants): pay in person and pay by card, at least one on. Without
 * Stripe keys the card option is disabled and says why.
 */
export function CheckoutOptionsForm({
  initial,
  cardPaymentsEnabled,
}: {
  initial: Options;
  cardPaymentsEnabled: boolean;
}) {
  const [options, setOptions] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setStatus(null);
    if (!options.payInPerson && !options.payByCard) {
      setErrors({ payInPerson: MSG.checkoutOptionRequired });
      setStatus({ kind: "error", text: MSG.checkoutOptionRequired });
      return;
    }
    setSaving(true);
    const result = await send<{ message: string; checkoutPaymentOptions: Options }>(
      "/api/settings/checkoutOptions",
      {
        json: options,
      },
    );
    setSaving(false);
    if (result.ok) {
      setErrors({});
      setOptions(result.data.checkoutPaymentOptions);
      setStatus({ kind: "success", text: result.data.message });
    } else {
      setErrors(result.fieldErrors);
      setStatus({
        kind: "error",
        text: result.fieldErrors.payInPerson ?? result.fieldErrors.payByCard ?? result.message,
      });
    }
  }

  return (
    <form method="post" onSubmit={save} noValidate aria-label="Checkout options">
      <fieldset>
        <legend className="sr-only">Payment options you offer your customers</legend>
        <div className="divide-y divide-stone-200">
          <SwitchRow
            id="checkout-pay-in-person"
            label="Pay in Person"
            description="Customers pay you when they pick up or receive their order. The payment provider gives no guarantee."
            error={errors.payInPerson}
            checked={options.payInPerson}
            onCheckedChange={(payInPerson) => {
              setErrors({});
              setOptions({ ...options, payInPerson });
            }}
          />
          <SwitchRow
            id="checkout-pay-by-card"
            label="Pay by Card"
            description={
              cardPaymentsEnabled
                ? "Payment is guaranteed once you scan the customer's QR code on delivery."
                : CARD_NOT_CONFIGURED_TEXT
            }
            error={errors.payByCard}
            checked={options.payByCard}
            disabled={!cardPaymentsEnabled && !options.payByCard}
            onCheckedChange={(payByCard) => {
              setErrors({});
              setOptions({ ...options, payByCard });
            }}
          />
        </div>
      </fieldset>
      <div className="mt-4 flex flex-col gap-3">
        <SubmitButton disabled={saving} className="self-start">
          {saving ? "Saving…" : "Save Checkout Options"}
        </SubmitButton>
        <FormStatus status={status} />
      </div>
    </form>
  );
}
