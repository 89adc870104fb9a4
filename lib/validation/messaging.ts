/**
 * Messages to farmers: Ask The Farmer (part 1 section 5 "Farmer message", from anyone, a visitor
 * included) and a message in a conversation ("Conversation message").
 */
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "@/lib/constants";
import { SAFE_TEXT_CHARS, URL_TOKEN_PATTERN } from "./charsets";
import { MSG } from "./messages";
import { isRowId } from "@/lib/row-id";
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
 * The farm a message goes to, as every form to a farm names it: through the product (`prodId`) or
 * directly (`farmerId`: a member's user key, id or username). A bad target, or none, is the
 * form-level 'Oops. There is an issue of contacting the farmer.' on `prodId` (`namesAFarm`).
 */
const farmTarget = () => ({
  prodId: optional(id(MSG.contactFarmerIssue)),
  farmerId: optionalText({
    invalid: MSG.contactFarmerIssue,
    max: 64,
    pattern: URL_TOKEN_PATTERN,
  }),
});
const namesAFarm = crossCheck<{ prodId?: unknown; farmerId?: unknown }>((value, ctx) => {
  const blank = (v: unknown) => v === undefined || v === null || v === "";
  if (blank(value.prodId) && blank(value.farmerId)) fail(ctx, MSG.contactFarmerIssue, ["prodId"]);
});
/** `namesAFarm` as the OpenAPI document states it: one of the two is sent. */
const NAMES_A_FARM_DOCUMENTED = { anyOf: [{ required: ["prodId"] }, { required: ["farmerId"] }] };

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
    ...farmTarget(),
  })
  .check(namesAFarm)
  .meta(NAMES_A_FARM_DOCUMENTED);

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

// In lib/constants.ts so the messages page's client code can read it without zod.
export { SUBSCRIPTION_REQUIRED, SUBSCRIPTION_REQUIRED_MESSAGE } from "@/lib/constants";

/** A page of the contacts list starts after this cursor (opaque to clients). */
export const CONVERSATION_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,10}$/;

/** A cursor of the right shape whose time is a real one and whose id is in the columns' range. */
export function isConversationCursor(cursor: string): boolean {
  if (!CONVERSATION_CURSOR_PATTERN.test(cursor)) return false;
  const [time, id] = cursor.split("_") as [string, string];
  const millis = `${time.slice(0, 23)}Z`;
  const date = new Date(millis);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis && isRowId(Number(id));
}

/** An empty query parameter counts as absent. */
const blankAsAbsent = (value: unknown) => (value === "" ? undefined : value);

/** The query of `GET /api/messages/conversations`. */
export const conversationListQuerySchema = z.object({
  cursor: z.preprocess(
    blankAsAbsent,
    z.string().refine(isConversationCursor, MSG.invalidPage).optional(),
  ),
});

/** The query of `GET /api/messages/conversations/{id}/messages`: older than message `before`. */
export const messageListQuerySchema = z.object({
  before: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/, MSG.invalidPage)
      .transform(Number)
      .refine(isRowId, MSG.invalidPage)
      .optional(),
  ),
});

/** The Messenger modal from an order: to the order's farmer (customer side) or its customer (farm side). */
export const orderMessageSchema = z.strictObject({
  orderNo: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{6,20}$/, "The order could not be found."),
  /** The farm's username, when the customer writes to one of the order's farms. */
  farmer: z.string().trim().min(1).max(60).optional(),
  message: conversationMessage(),
});
export type OrderMessage = z.output<typeof orderMessageSchema>;

/**
 * The Messenger modal from a store or product page: a signed-in customer writes to the farm,
 * found through the product (`prodId`) or by the farm's username (`farmerId`), as Ask The Farmer.
 */
export const farmerMessageSchema = z
  .strictObject({
    ...farmTarget(),
    message: conversationMessage(),
  })
  .check(namesAFarm)
  .meta(NAMES_A_FARM_DOCUMENTED);
export type FarmerMessage = z.output<typeof farmerMessageSchema>;

/**
 * GET /api/merchants/contact: whether a farm answers by message, asked by the Ask The Farmer and
 * Messenger forms as they open (the farm through `prodId` or `farmerId`, as they send it).
 */
export const farmReplyQuerySchema = z
  .strictObject({
    ...farmTarget(),
  })
  .check(namesAFarm)
  .meta(NAMES_A_FARM_DOCUMENTED);
