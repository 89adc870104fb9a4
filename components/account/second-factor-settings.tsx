"use client";

import { useState, type FormEvent } from "react";
import { send } from "@/components/account/send";
import { FormField, inputClasses } from "@/components/account/form-field";
import {
  SecondFactorSetupView,
  type SecondFactorSetup,
} from "@/components/auth/second-factor-setup";
import { Button } from "@/components/ui/button";

export type SecondFactorSettingsStatus = {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** Admins must keep it on. */
  required: boolean;
};

/**
 * Settings → Two-step sign-in (decision 0053): turn it on (scan a QR code, keep ten recovery codes,
 * confirm with the first code; this session stays signed in, the others end), see how many
 * recovery codes are left, and turn it off with a current code (members only: admins keep it).
 */
export function SecondFactorSettings({ initial }: { initial: SecondFactorSettingsStatus }) {
  const [status, setStatus] = useState(initial);
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    setError(null);
    setNotice(null);
    const result = await send<SecondFactorSetup>("/api/settings/secondFactor", {});
    setBusy(false);
    if (result.ok) setSetup(result.data);
    else setError(result.message);
  }

  async function submitCode(event: FormEvent<HTMLFormElement>, method: "PUT" | "DELETE") {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) return setCodeError("Required Field");
    setBusy(true);
    setError(null);
    setCodeError(undefined);
    const result = await send<{ message: string }>("/api/settings/secondFactor", {
      method,
      json: { code },
    });
    setBusy(false);
    if (!result.ok) {
      if (result.fieldErrors.code) setCodeError(result.fieldErrors.code);
      else setError(result.message);
      return;
    }
    setNotice(result.data.message);
    setSetup(null);
    setStatus((was) =>
      method === "PUT"
        ? { ...was, enabled: true, recoveryCodesLeft: 10 }
        : { ...was, enabled: false, recoveryCodesLeft: 0 },
    );
  }

  const codeField = (label: string) => (
    <FormField id="settings-second-factor-code" label={label} error={codeError}>
      {(a11y) => (
        <input
          {...a11y}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className={inputClasses}
        />
      )}
    </FormField>
  );

  return (
    <div className="flex max-w-xl flex-col gap-5">
      <p className="text-[0.9375rem] text-stone-700">
        With two-step sign-in, signing in asks for your password and a code from an authenticator
        app on your phone, so a stolen password alone is not enough.
      </p>
      {notice ? (
        <p role="status" className="text-leaf-800 font-medium">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {status.enabled ? (
        <>
          <p className="font-semibold text-stone-900">
            Two-step sign-in is on. {status.recoveryCodesLeft} recovery{" "}
            {status.recoveryCodesLeft === 1 ? "code is" : "codes are"} left.
          </p>
          {status.required ? (
            <p className="text-sm text-stone-600">
              Admin accounts keep it on. If you lose your phone and your recovery codes, another
              admin can reset it.
            </p>
          ) : (
            <form
              onSubmit={(event) => void submitCode(event, "DELETE")}
              noValidate
              aria-label="Turn off two-step sign-in"
              className="flex flex-col gap-4"
            >
              {codeField("Code to turn it off")}
              <Button type="submit" variant="secondary" disabled={busy}>
                Turn off two-step sign-in
              </Button>
            </form>
          )}
        </>
      ) : setup ? (
        <form
          onSubmit={(event) => void submitCode(event, "PUT")}
          noValidate
          aria-label="Turn on two-step sign-in"
          className="flex flex-col gap-5"
        >
          <SecondFactorSetupView setup={setup} />
          {codeField("Authentication code")}
          <Button type="submit" disabled={busy}>
            {busy ? "Processing ..." : "Turn on"}
          </Button>
        </form>
      ) : (
        <Button type="button" disabled={busy} onClick={() => void start()}>
          Turn on two-step sign-in
        </Button>
      )}
    </div>
  );
}
