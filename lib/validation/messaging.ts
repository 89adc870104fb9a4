/**
 * Messages to farmers: Ask The Farmer (part 1 section 5 "Farmer message", from anyone, a visitor
 * included) and a message in a conversation ("Conversation message").
 */
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { SAFE_TEXT_CHARS, URL_TOKEN_PATTERN } from "./charsets";
import { MSG } from "./messages";
import {
  crossCheck,
  email,
  fail,
  id,
  optional,
  optionalText,
  personName,
  requiredText,
} from "./shared";

/**
 * Ask The Farmer. The farmer is reached through the product (`prodId`) or directly (`farmerId`:
 * a member's user key, id or username); a bad or missing target gives the form-level
 * 'Oops. There is an issue of contacting the farmer.' on `prodId`.
 */
export const askTheFarmerSchema = z
  .object({
    contactFirstName: personName({
      required: MSG.firstNameRequired,
      invalid: MSG.invalidFirstName,
    }),
    contactLastName: personName({ required: MSG.lastNameRequired, invalid: MSG.invalidLastName }),
    contactEmail: email(MSG.emailRequired),
    contactContent: requiredText({
      required: MSG.messageRequired,
      invalid: MSG.invalidMessage,
      max: MESSAGE_MAX_LENGTH,
      tooLong: MSG.messageTooLong,
      pattern: SAFE_TEXT_CHARS,
    }),
    prodId: optional(id(MSG.contactFarmerIssue)),
    farmerId: optionalText({
      invalid: MSG.contactFarmerIssue,
      max: 64,
      pattern: URL_TOKEN_PATTERN,
    }),
  })
  .check(
    crossCheck((value, ctx) => {
      const blank = (v: unknown) => v === undefined || v === null || v === "";
      if (blank(value.prodId) && blank(value.farmerId))
        fail(ctx, MSG.contactFarmerIssue, ["prodId"]);
    }),
  );

/** One message in a conversation: required, the safe set, at most 1500 characters. */
export const conversationMessage = () =>
  requiredText({
    required: MSG.conversationMessageRequired,
    invalid: MSG.invalidMessage,
    max: MESSAGE_MAX_LENGTH,
    tooLong: MSG.conversationMessageTooLong,
    pattern: SAFE_TEXT_CHARS,
  });

export const conversationMessageSchema = z.object({ message: conversationMessage() });

export type AskTheFarmerInput = z.input<typeof askTheFarmerSchema>;
export type AskTheFarmer = z.output<typeof askTheFarmerSchema>;
export type ConversationMessageInput = z.input<typeof conversationMessageSchema>;
