"use client";

import { useEffect, useState, type FormEvent } from "react";
import { send } from "@/components/account/send";
import { FormField, inputClasses } from "@/components/account/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { SecondFactorPurpose } from "@/lib/auth/second-factor";
import { SecondFactorSetupView, type SecondFactorSetup } from "./second-factor-setup";

/**
 * The second step of a sign-in with two-step sign-in (decision 0053): a code from the app or a
 * recovery code (`verify`), or, for an admin who has none yet, setting it up first (`enrol`: it
 * cannot be skipped). The password step left a sealed challenge cookie; this step never sends the
 * password again. A challenge that ran out sends the person back to the password.
 */
export function SecondFactorStep({
  purpose,
  onSignedIn,
  onRestart,
}: {
  purpose: SecondFactorPurpose;
  onSignedIn: () => void;
  onRestart: (message: string) => void;
}) {
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (purpose !== "enrol") return;
    let live = true;
    void send<SecondFactorSetup>("/api/users/login/secondFactor/setup", {}).then((result) => {
      if (!live) return;
      if (result.ok) setSetup(result.data);
      else if (result.status === 409) onRestart(result.message);
      else setFailure(result.message);
    });
    return () => {
      live = false;
    };
  }, [purpose, onRestart]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) {
      setCodeError("Required Field");
      return;
    }
    setBusy(true);
    setFailure(null);
    setCodeError(undefined);
    const result = await send("/api/users/login/secondFactor", { json: { code } });
    if (result.ok) {
      onSignedIn();
      return;
    }
    setBusy(false);
    if (result.status === 409) onRestart(result.message);
    else if (result.fieldErrors.code) setCodeError(result.fieldErrors.code);
    else setFailure(result.message);
  }

  const enrolling = purpose === "enrol";
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-label="Two-step sign-in"
      className="flex flex-col gap-5"
    >
      <div>
        <h2 className="text-lg font-bold text-stone-900">
          {enrolling ? "Set up two-step sign-in" : "Two-step sign-in"}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {enrolling
            ? "Admin accounts need a code from an authenticator app at every sign-in."
            : "Enter the 6-digit code from your authenticator app, or one of your recovery codes."}
        </p>
      </div>
      {failure ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {failure}
        </p>
      ) : null}
      {enrolling ? (
        setup ? (
          <SecondFactorSetupView setup={setup} />
        ) : failure ? null : (
          <p className="text-sm text-stone-600">Preparing your QR code…</p>
        )
      ) : null}
      <FormField id="second-factor-code" label="Authentication code" error={codeError}>
        {(a11y) => (
          <input
            {...a11y}
            name="code"
            autoComplete="one-time-code"
            inputMode={enrolling ? "numeric" : "text"}
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className={inputClasses}
          />
        )}
      </FormField>
      <SubmitButton disabled={busy || (enrolling && !setup)}>
        {busy ? "Processing ..." : enrolling ? "Turn on and sign in" : "Verify"}
      </SubmitButton>
      <button
        type="button"
        onClick={() => onRestart("")}
        className="text-leaf-800 self-start text-sm font-semibold underline underline-offset-2"
      >
        Sign in with another account
      </button>
    </form>
  );
}
