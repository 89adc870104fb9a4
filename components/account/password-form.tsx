"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { SubmitButton } from "@/components/ui/submit-button";
import type { passwordChangeSchema } from "@/lib/validation/profile";
import { FormField, FormStatus, inputClasses, type Status } from "./form-field";
import { send } from "./send";

type FormInput = z.input<typeof passwordChangeSchema>;
type FormOutput = z.output<typeof passwordChangeSchema>;

// zod and the schema (about 30 kB gzipped) load when the form first gets focus or the pointer, or
// at the latest on submit (where the first check runs), not with the page.
const resolver = lazyResolver<FormInput, unknown, FormOutput>(async () => {
  const [{ zodResolver }, { passwordChangeSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/validation/profile"),
  ]);
  return zodResolver(passwordChangeSchema);
});

/** Settings → password: current, new and confirmation (spec part 1 section 5 "Password change"). */
export function PasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { currentPassword: "", newPassword: "", confirmNewPassword: "" },
  });
  const [status, setStatus] = useState<Status | null>(null);

  async function onSubmit(values: FormOutput) {
    setStatus(null);
    const result = await send<{ message: string }>("/api/settings/password", { json: values });
    if (result.ok) {
      reset();
      setStatus({ kind: "success", text: result.data.message });
      return;
    }
    for (const [field, message] of Object.entries(result.fieldErrors)) {
      setError(field as keyof FormInput, { type: "server", message }, { shouldFocus: true });
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
      aria-label="Change password"
      className="grid max-w-md gap-5"
    >
      <FormField
        id="current-password"
        label="Current Password"
        error={errors.currentPassword?.message}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register("currentPassword")}
            type="password"
            autoComplete="current-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField
        id="new-password"
        label="New Password"
        error={errors.newPassword?.message}
        hint="At least 12 characters with a small letter, a capital letter, a number and a symbol."
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register("newPassword")}
            type="password"
            autoComplete="new-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField
        id="confirm-new-password"
        label="Confirm New Password"
        error={errors.confirmNewPassword?.message}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register("confirmNewPassword")}
            type="password"
            autoComplete="new-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-3">
        <SubmitButton disabled={isSubmitting} className="self-start">
          {isSubmitting ? "Saving…" : "Change Password"}
        </SubmitButton>
        <FormStatus status={status} />
      </div>
    </form>
  );
}
