"use client";

import { useEffect, useState, type FormEvent } from "react";
import { FormInput, FormStatus, type Status } from "@/components/account/form-field";
import { MessageField } from "@/components/account/message-field";
import { fetchOwnContact } from "@/components/account/own-contact";
import { useHydrated, useViewerState } from "@/components/layout/viewer-context";
import { postJson } from "@/components/password/post-json";
import { Button } from "@/components/ui/button";
import { joinFieldErrors, toFieldErrors } from "@/lib/validation/field-errors";
import { MSG } from "@/lib/validation/messages";

/** Spec part 2 section 8, "Contact". */
export const CONTACT_TEXTS = {
  sent: "Thanks for contacting us! We will come back to you shortly!",
  /** The server's message the spec maps to MSG.contactFormFailed. */
  internalError: "Internal Error.",
} as const;

type Fields = { firstName: string; lastName: string; email: string; content: string };
const EMPTY: Fields = { firstName: "", lastName: "", email: "", content: "" };

// The schema (and zod) load after the page, not with it: the first-load JS budget (180 kB).
const loadSchema = () => import("@/lib/validation/contact").then((m) => m.contactSchema);

/**
 * contactUs: first name, last name, email and the message, checked with the server's own schema
 * before sending; the server's field errors are shown under their fields. A signed-in member's
 * name and email are filled in.
 */
export function ContactForm() {
  const hydrated = useHydrated();
  const { state } = useViewerState();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [sending, setSending] = useState(false);
  const signedIn = state.status === "ready" && state.answer.viewer !== null;

  useEffect(() => {
    void loadSchema();
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void fetchOwnContact().then((contact) => {
      if (!live || !contact) return;
      const { firstName, lastName, email } = contact;
      // Only empty fields: never overwrite what the member already typed.
      setFields((f) => ({
        ...f,
        firstName: f.firstName || firstName,
        lastName: f.lastName || lastName,
        email: f.email || email,
      }));
    });
    return () => {
      live = false;
    };
  }, [signedIn]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const contactSchema = await loadSchema().catch(() => null);
    const checked = contactSchema?.safeParse(fields) ?? { success: true as const };
    if (!checked.success) {
      setErrors(joinFieldErrors(toFieldErrors(checked.error), "space"));
      setStatus({ kind: "error", text: MSG.contactFormFailed });
      return;
    }
    setSending(true);
    setStatus(null);
    const answer = await postJson<{ message: string }>("/api/contact/admin", fields);
    setSending(false);
    if (answer.ok) {
      setErrors({});
      setFields((f) => ({ ...f, content: "" }));
      setStatus({ kind: "success", text: CONTACT_TEXTS.sent });
      return;
    }
    setErrors(joinFieldErrors(answer.errors, "space"));
    // A refusal with its own reason (too many messages) is shown as it is; field errors, the
    // spec's 'Internal Error.' and any other failure ask to check the form.
    const ownReason =
      answer.status === 429 && answer.message && answer.message !== CONTACT_TEXTS.internalError;
    setStatus({ kind: "error", text: ownReason ? answer.message! : MSG.contactFormFailed });
  }

  const set = (name: keyof Fields) => (value: string) =>
    setFields((f) => ({ ...f, [name]: value }));

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInput
          id="contact-first-name"
          label="First Name"
          error={errors.firstName}
          value={fields.firstName}
          onChange={set("firstName")}
          autoComplete="given-name"
        />
        <FormInput
          id="contact-last-name"
          label="Last Name"
          error={errors.lastName}
          value={fields.lastName}
          onChange={set("lastName")}
          autoComplete="family-name"
        />
      </div>
      <FormInput
        id="contact-email"
        label="Email"
        type="email"
        error={errors.email}
        value={fields.email}
        onChange={set("email")}
        autoComplete="email"
      />
      <MessageField
        id="contact-content"
        error={errors.content}
        value={fields.content}
        onChange={set("content")}
        rows={6}
      />
      <FormStatus status={status} />
      <Button type="submit" disabled={!hydrated || sending} className="self-start">
        {sending ? "Sending…" : "Send Message"}
      </Button>
    </form>
  );
}
