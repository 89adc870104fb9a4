"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { lazyAccountsResolver } from "@/components/forms/accounts-resolver";
import { SubmitButton } from "@/components/ui/submit-button";
import type { resetPasswordSchema } from "@/lib/validation/accounts";
import { Alert } from "./alert";
import { postJson } from "./post-json";
import { TextField } from "./text-field";

type FormInput = z.input<typeof resetPasswordSchema>;
type FormOutput = z.output<typeof resetPasswordSchema>;

const resolver = lazyAccountsResolver<FormInput, FormOutput>(
  (schemas) => schemas.resetPasswordSchema,
);

// Spec part 2 section 8, "Reset password".
export const RESET_SUCCESS =
  "The password has been reset successfully. You can log in with the updated password.";
export const RESET_FAILED =
  "Oops. Something went wrong. Please contact the provider team via contact page.";

type Outcome = { kind: "success" } | { kind: "error"; detail: string | null };

/** resetPassword/{code}: new password and confirmation, the code comes from the link. */
export function ResetPasswordForm({ code }: { code: string }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { password: "", cPassword: "", code },
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function onSubmit(values: FormOutput) {
    setOutcome(null);
    const answer = await postJson<{ message: string }>("/api/users/resetPassword", values);
    if (answer.ok) {
      reset({ password: "", cPassword: "", code });
      setOutcome({ kind: "success" });
      return;
    }
    for (const field of ["password", "cPassword"] as const) {
      const message = answer.errors[field]?.join(" ");
      if (message) setError(field, { type: "server", message }, { shouldFocus: true });
    }
    // A dead link is worth naming: the person then knows to ask for a new one.
    const detail = answer.status === 400 ? answer.message : null;
    setOutcome({ kind: "error", detail });
  }

  return (
    <form
      method="post"
      onSubmit={handleSubmit(onSubmit)}
      onFocus={resolver.preload}
      onPointerEnter={resolver.preload}
      noValidate
      aria-label="Reset password"
      className="grid gap-5"
    >
      <input type="hidden" {...register("code")} />
      <TextField
        id="reset-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message ?? errors.code?.message}
        {...register("password")}
      />
      <TextField
        id="reset-c-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.cPassword?.message}
        {...register("cPassword")}
      />
      <SubmitButton disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Processing ..." : "Reset Password"}
      </SubmitButton>
      {outcome?.kind === "success" ? (
        <Alert kind="success">
          {RESET_SUCCESS}{" "}
          <Link href="/login" className="font-semibold underline">
            Log in
          </Link>
        </Alert>
      ) : null}
      {outcome?.kind === "error" ? (
        <Alert kind="error" onDismiss={() => setOutcome(null)}>
          <p>{RESET_FAILED}</p>
          {outcome.detail ? (
            <p className="mt-1">
              {outcome.detail}{" "}
              <Link href="/forgotPassword" className="font-semibold underline">
                Ask for a new link
              </Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
    </form>
  );
}
