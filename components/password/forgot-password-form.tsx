"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { lazyAccountsResolver } from "@/components/forms/accounts-resolver";
import { SubmitButton } from "@/components/ui/submit-button";
import type { forgotPasswordSchema } from "@/lib/validation/accounts";
import { Alert } from "./alert";
import { postJson } from "./post-json";
import { TextField } from "./text-field";

type FormInput = z.input<typeof forgotPasswordSchema>;
type FormOutput = z.output<typeof forgotPasswordSchema>;

const resolver = lazyAccountsResolver<FormInput, FormOutput>(
  (schemas) => schemas.forgotPasswordSchema,
);

// Spec part 2 section 8, "Forgot password".
export const FORGOT_SUCCESS =
  "The reset password link is sent via email. Please check your email and reset your password. If you don't see the email, please check the spam mailbox.";
export const FORGOT_FAILED = "Oops. Something went wrong. Please try again.";
export const FORGOT_EXCEPTION =
  "Oops. Something went wrong. Please contact the provider via contact page.";

/** forgotPassword: one email field; the button reads "Processing ..." while busy. */
export function ForgotPasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { email: "" },
  });
  const [outcome, setOutcome] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function onSubmit(values: FormOutput) {
    setOutcome(null);
    const answer = await postJson<{ message: string }>("/api/users/forgotPassword", values);
    if (answer.ok) {
      setOutcome({ kind: "success", text: FORGOT_SUCCESS });
      return;
    }
    const emailError = answer.errors.email?.join(" ");
    if (emailError)
      setError("email", { type: "server", message: emailError }, { shouldFocus: true });
    setOutcome({ kind: "error", text: answer.status === 0 ? FORGOT_EXCEPTION : FORGOT_FAILED });
  }

  return (
    <form
      method="post"
      onSubmit={handleSubmit(onSubmit)}
      onFocus={resolver.preload}
      onPointerEnter={resolver.preload}
      noValidate
      aria-label="Forgot password"
      className="grid gap-5"
    >
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <SubmitButton disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Processing ..." : "Reset Password"}
      </SubmitButton>
      {outcome ? (
        <Alert
          kind={outcome.kind}
          onDismiss={outcome.kind === "error" ? () => setOutcome(null) : undefined}
        >
          {outcome.text}
        </Alert>
      ) : null}
    </form>
  );
}
