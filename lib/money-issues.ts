/**
 * The operators' Money page's note rules, without zod: the resolve dialog checks them in the
 * browser (a page's first-load JS stays small), the server's schema (lib/validation/money-issues)
 * again with the same numbers and words.
 */
export const MONEY_NOTE_MAX_LENGTH = 500;
/** (ours) the note is what the next operator reads in the audit trail. */
export const MONEY_NOTE_REQUIRED_MESSAGE = "Write what settled it.";
export const moneyNoteTooLongMessage = `Use at most ${MONEY_NOTE_MAX_LENGTH} characters.`;

/** The note as the server takes it (trimmed), or the message that says what is wrong with it. */
export function checkMoneyNote(note: string): { note: string } | { error: string } {
  const trimmed = note.trim();
  if (!trimmed) return { error: MONEY_NOTE_REQUIRED_MESSAGE };
  if (trimmed.length > MONEY_NOTE_MAX_LENGTH) return { error: moneyNoteTooLongMessage };
  return { note: trimmed };
}
