"use client";

import { useLayoutEffect, useRef, type ChangeEvent } from "react";
import { MESSAGE_MAX_LENGTH } from "@/lib/constants";
import {
  caretAfterStraightening,
  checkMessageText,
  removeDisallowed,
  straightenMessage,
  type MessageTextCheck,
} from "@/lib/validation/message-text";
import { FormField, inputClasses } from "./form-field";

const TOO_LONG = "It exceeded the character limit for the message";
const count = new Intl.NumberFormat("en-CA");

/** A character as the hint shows it: an invisible one (a joiner, a control) by its code. */
const shown = (char: string) =>
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char)
    ? `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`
    : char;

/**
 * What a message field says as the text is typed (issue 42, item 3): the characters the spec's safe
 * set refuses, each marked, with a button that removes them; past the limit, the spec's
 * 'It exceeded the character limit for the message' and the count, with the text kept whole so
 * nothing pasted is lost. Read with the field (aria-describedby); what is wrong is said politely
 * when it changes.
 */
export function MessageHints({
  check,
  onRemove,
}: {
  check: MessageTextCheck;
  onRemove: () => void;
}) {
  return (
    <span className="flex flex-col gap-1">
      {/* Said when what is wrong changes, not at every keystroke's count. */}
      <span className="sr-only" aria-live="polite">
        {[
          check.tooLong ? TOO_LONG : "",
          check.disallowed.length > 0
            ? `Characters that cannot be sent: ${check.disallowed.map(shown).join(" ")}`
            : "",
        ]
          .filter(Boolean)
          .join(". ")}
      </span>
      <span className={check.tooLong ? "font-medium text-red-700" : undefined}>
        {check.tooLong ? `${TOO_LONG}: ` : "Character limit: "}
        {check.tooLong
          ? `${count.format(check.length)} of ${count.format(MESSAGE_MAX_LENGTH)} characters.`
          : MESSAGE_MAX_LENGTH}
      </span>
      {check.disallowed.length > 0 ? (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-red-700">
          <span>
            {check.disallowed.length === 1
              ? "This character cannot be sent:"
              : "These characters cannot be sent:"}{" "}
            {check.disallowed.map((char) => (
              <mark key={char} className="mx-0.5 rounded bg-red-100 px-1 text-red-900">
                {shown(char)}
              </mark>
            ))}
          </span>
          <button
            type="button"
            onClick={onRemove}
            className="text-leaf-800 rounded underline underline-offset-2 focus-visible:ring-2"
          >
            {check.disallowed.length === 1 ? "Remove it" : "Remove them"}
          </button>
        </span>
      ) : null}
    </span>
  );
}

/**
 * The straightening a message field does as it is typed: ’ “ ” – — … become ' " - ... in the
 * field itself (what is seen is what is sent), the caret staying where the person was typing.
 */
export function straightenInput(element: HTMLTextAreaElement): { text: string; caret: number } {
  const caret = element.selectionStart ?? element.value.length;
  return {
    text: straightenMessage(element.value),
    caret: caretAfterStraightening(element.value, caret),
  };
}

/** The message textarea of the Ask The Farmer, Messenger and Contact Us forms (controlled). */
export function MessageField({
  id,
  error,
  value,
  onChange,
  rows,
}: {
  id: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  rows: number;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || !box.current) return;
    box.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);
  const check = checkMessageText(value);

  function change(event: ChangeEvent<HTMLTextAreaElement>) {
    const straight = straightenInput(event.currentTarget);
    if (straight.text !== event.currentTarget.value) caret.current = straight.caret;
    onChange(straight.text);
  }

  return (
    <FormField
      id={id}
      label="Message"
      error={error}
      hint={
        <MessageHints
          check={check}
          onRemove={() => {
            onChange(removeDisallowed(value));
            box.current?.focus();
          }}
        />
      }
    >
      {(props) => (
        <textarea
          {...props}
          ref={box}
          rows={rows}
          value={value}
          onChange={change}
          className={`${inputClasses} h-auto py-2.5`}
        />
      )}
    </FormField>
  );
}
