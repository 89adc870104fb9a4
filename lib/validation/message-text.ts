import { MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { SAFE_TEXT_DISALLOWED, straightenPunctuation } from "./charsets";

/** What a message field says as the text is typed (issue 42, item 3). */
export type MessageTextCheck = {
  /** Characters the spec's safe set refuses, each once, in the order typed (an emoji is one). */
  disallowed: string[];
  /** Characters typed, as the limit counts them (after NFC, as the server checks). */
  length: number;
  tooLong: boolean;
};

/**
 * A message as the field keeps it: NFC and straightened punctuation (’ “ ” – — … become ' " - ...,
 * as the server would), so what the person sees is what is sent. Not trimmed: they are typing.
 */
export function straightenMessage(text: string): string {
  return straightenPunctuation(text.normalize("NFC"));
}

/**
 * Which characters a message cannot carry and whether it is over the limit, so the field can name
 * them before Send instead of refusing the whole message as 'Invalid Message'.
 */
export function checkMessageText(text: string): MessageTextCheck {
  const normalized = straightenMessage(text);
  const disallowed = [...new Set(normalized.match(SAFE_TEXT_DISALLOWED) ?? [])];
  const length = normalized.trim().length;
  return { disallowed, length, tooLong: length > MESSAGE_MAX_LENGTH };
}

/** The text without the characters the safe set refuses (what "Remove them" does). */
export function removeDisallowed(text: string): string {
  return straightenMessage(text).replace(SAFE_TEXT_DISALLOWED, "");
}

/**
 * Where the caret goes when `before` is straightened: straightening the text before the caret
 * says how far it moved (… becomes three characters).
 */
export function caretAfterStraightening(before: string, caret: number): number {
  return straightenMessage(before.slice(0, caret)).length;
}
