"use client";

import type { signIn } from "next-auth/react";
import { useCallback, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormField, inputClasses } from "@/components/account/form-field";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { SubmitButton } from "@/components/ui/submit-button";
import { readRegisteredLogin } from "./registered-login";
import type { SignInFormInput } from "@/lib/auth/login-schema";
import { secondFactorPurposeOf, type SecondFactorPurpose } from "@/lib/auth/second-factor";
import { SecondFactorStep } from "./second-factor-step";

const LOGIN_FAILED = "Invalid Login Credentials. Please try again.";

// zod (the schema) and next-auth's client (signIn) are about 40 kB gzipped together: they load when
// the form first gets focus or is submitted, not with the page.
const resolver = lazyResolver<SignInFormInput>(async () => {
  const [{ zodResolver }, { signInSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/auth/login-schema"),
  ]);
  return zodResolver(signInSchema);
});
let signInLoading: Promise<typeof signIn> | null = null;
const loadSignIn = () => {
  signInLoading ??= import("next-auth/react").then(
    (m) => m.signIn,
    (error: unknown) => {
      signInLoading = null;
      throw error;
    },
  );
  return signInLoading;
};
const preload = () => {
  resolver.preload();
  void loadSignIn().catch(() => undefined);
};

/**
 * Email-or-username and password through next-auth's Credentials provider. On success the browser
 * loads /login/continue, which sends the member on as the spec's after-login rules say (a full load,
 * so the header is drawn for the member).
 */
export function LoginForm({
  continueQuery,
  afterRegistration = false,
}: {
  continueQuery: string;
  /** Right after registering (`register_success=true`): the new email is filled in. */
  afterRegistration?: boolean;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormInput>({ resolver, defaultValues: { login: "", password: "" } });
  useEffect(() => {
    const login = afterRegistration ? readRegisteredLogin() : null;
    if (login && !getValues("login")) setValue("login", login);
  }, [afterRegistration, getValues, setValue]);
  const [failure, setFailure] = useState<string | null>(null);
  // The password was right and a second factor is due: the code step replaces the form.
  const [secondFactor, setSecondFactor] = useState<SecondFactorPurpose | null>(null);
  const goOn = useCallback(() => {
    // A full load on purpose: the header and every cached page are redrawn for the member.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/login/continue${continueQuery}`);
  }, [continueQuery]);
  const restart = useCallback(
    (message: string) => {
      setSecondFactor(null);
      setValue("password", "");
      setFailure(message || null);
    },
    [setValue],
  );

  async function onSubmit(values: SignInFormInput) {
    setFailure(null);
    let result: Awaited<ReturnType<typeof signIn>>;
    try {
      const signInWith = await loadSignIn();
      result = await signInWith("credentials", {
        redirect: false,
        login: values.login,
        password: values.password,
      });
    } catch {
      result = undefined;
    }
    const purpose = secondFactorPurposeOf(result?.error);
    if (purpose) {
      setSecondFactor(purpose);
      return;
    }
    if (!result?.ok || result.error) {
      // The server's own texts (wrong credentials, too many attempts); next-auth's codes become ours.
      const text = result?.error && result.error.includes(" ") ? result.error : LOGIN_FAILED;
      setFailure(text);
      return;
    }
    goOn();
  }

  if (secondFactor)
    return <SecondFactorStep purpose={secondFactor} onSignedIn={goOn} onRestart={restart} />;

  return (
    <form
      method="post"
      onSubmit={handleSubmit(onSubmit)}
      onFocus={preload}
      onPointerEnter={preload}
      noValidate
      aria-label="Login"
      className="flex flex-col gap-5"
    >
      {failure ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {failure}
        </p>
      ) : null}
      <FormField id="login-login" label="Email or Username" error={errors.login?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register("login")}
            autoComplete="username"
            autoCapitalize="none"
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register("password")}
            type="password"
            autoComplete="current-password"
            className={inputClasses}
          />
        )}
      </FormField>
      <SubmitButton disabled={isSubmitting}>
        {isSubmitting ? "Processing ..." : "Login"}
      </SubmitButton>
    </form>
  );
}
