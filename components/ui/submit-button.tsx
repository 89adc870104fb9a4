"use client";

import type { ComponentProps } from "react";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "./button";

/**
 * A form's submit button for forms that submit from script (`onSubmit`). It is disabled until the
 * page has hydrated: before that a click, or Enter in a field (a form whose default button is
 * disabled is not submitted), would make the browser submit the form itself, and a sign-in form
 * would put the password in the address bar, the history and the server's logs.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type">) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}
