"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { send, type SendResult } from "@/components/account/send";
import { FormField, inputClasses } from "@/components/account/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { STEP_UP_FIELD } from "@/lib/auth/second-factor";

/**
 * The sensitive admin calls (a member's password or second factor, a refund, paying a farm) answer
 * 403 with `errors.secondFactor` when the session's code is over 15 minutes old (decision 0053).
 * `sendSensitive` then asks for a code in the StepUpDialog (mounted once by the tool that uses it),
 * confirms it (POST /api/users/secondFactor/verify) and sends the call once more.
 */
let askForCode: (() => Promise<boolean>) | null = null;

export async function sendSensitive<T>(
  url: string,
  init: Parameters<typeof send>[1],
): Promise<SendResult<T>> {
  const result = await send<T>(url, init);
  if (result.ok || result.status !== 403 || !result.fieldErrors[STEP_UP_FIELD] || !askForCode)
    return result;
  return (await askForCode()) ? send<T>(url, init) : result;
}

export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    askForCode = () =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setError(undefined);
        setOpen(true);
      });
    return () => {
      askForCode = null;
    };
  }, []);

  function finish(confirmed: boolean) {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) return setError("Required Field");
    setBusy(true);
    const result = await send("/api/users/secondFactor/verify", { json: { code } });
    setBusy(false);
    if (result.ok) return finish(true);
    setError(result.fieldErrors.code ?? result.message);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : finish(false))}>
      <DialogContent
        title="Confirm it is you"
        description="This action needs a fresh code: enter the 6-digit code from your authenticator app."
      >
        <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
          <FormField id="step-up-code" label="Authentication code" error={error}>
            {(a11y) => (
              <input
                {...a11y}
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                className={inputClasses}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-3">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Processing ..." : "Confirm"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
