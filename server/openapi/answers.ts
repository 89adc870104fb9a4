import { z } from "zod";

/**
 * The answers' bodies as clients read them (issue 43, item 4), for the routes' `responses`
 * (server/openapi/declare.ts: `ok(schema)`, `created(description, schema)`). Written with zod like
 * the body schemas; dates are ISO strings, as JSON carries them. The document refuses fields an
 * answer does not name, so a field added to an answer is added here too (the contract check of
 * `npm run test:security` fails otherwise).
 */

const rowId = () => z.number().int().positive();
const isoDate = () => z.string();

/** `{ message }`: what most writes answer. */
export const messageAnswer = z.object({ message: z.string() });

/** A message written to a farm or a customer: the conversation it is in. */
export const messageSentAnswer = z.object({ conversationId: rowId(), message: z.string() });

/** A message as the wire carries it (server/messaging/message-view.ts). */
export const messageView = z.object({
  id: rowId(),
  userKey: z.string().nullable(),
  message: z.string(),
  postedOn: isoDate(),
  firstName: z.string(),
  lastName: z.string(),
  mine: z.boolean(),
});

export const messagePostedAnswer = z.object({ result: messageView });

export const messagePageAnswer = z.object({
  results: z.array(messageView),
  nextCursor: rowId().nullable(),
  farmCanReply: z.boolean(),
  side: z.enum(["merchant", "customer"]),
});

export const conversationPageAnswer = z.object({
  results: z.array(
    z.object({
      conversationId: rowId(),
      firstName: z.string(),
      lastName: z.string(),
      avatarImage: z.string().nullable(),
      unread: z.union([z.literal(0), z.literal(1)]),
      lastMessageAt: isoDate(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const unreadCountAnswer = z.object({ count: z.number().int().nonnegative() });

/** A product just listed or saved: its id. */
export const productSavedAnswer = z.object({
  message: z.string(),
  product: z.object({ id: rowId() }),
});

export const okStatusAnswer = z.object({ status: z.literal("ok") });

export const markedReadAnswer = z.object({ wasUnread: z.boolean() });

/** A changed password: a token sent back only to a caller who signed in by bearer token. */
export const passwordChangedAnswer = z.object({
  message: z.string(),
  token: z.string().optional(),
});

/** A farm's public reply to a review (server/reviews/review-view.ts's ReviewReplyView). */
export const reviewReplyView = z.object({
  farm: z.string(),
  reply: z.string(),
  created_on: isoDate(),
  updated_on: isoDate(),
});

export const reviewReplySavedAnswer = z.object({ message: z.string(), reply: reviewReplyView });

/** A pickup place or window just added: its id. */
export const pickupAddedAnswer = z.object({ message: z.string(), id: rowId() });

/** A date closed or opened again. */
export const closedDateAnswer = z.object({ message: z.string(), day: z.string() });

export const farmTimeZoneAnswer = z.object({
  message: z.string(),
  timeZone: z.string().nullable(),
});

/** The farm's pickup set-up (server/pickup/farm-setup.ts's FarmPickupSetup). */
export const farmPickupSetupAnswer = z.object({
  timeZone: z.string(),
  timeZonePicked: z.boolean(),
  places: z.array(
    z.object({
      id: rowId(),
      name: z.string(),
      atFarm: z.boolean(),
      address: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  ),
  windows: z.array(
    z.object({
      id: rowId(),
      placeId: rowId(),
      weekday: z.number().int(),
      startsMinute: z.number().int(),
      endsMinute: z.number().int(),
      cutoffDaysBefore: z.number().int(),
      cutoffMinute: z.number().int(),
      capacity: z.number().int().nullable(),
    }),
  ),
  closedDates: z.array(z.string()),
});
