import { z } from "zod";
import type { MediaType, OperationDoc, RequestBody, SuccessResponse } from "./types";

/** Shorthands for the routes' `doc` declarations, so each reads as one call. */

export const json = (schema: z.ZodType): RequestBody => ({
  schema,
  mediaTypes: ["application/json"],
});

export const body = (schema: z.ZodType, ...mediaTypes: MediaType[]): RequestBody => ({
  schema,
  mediaTypes,
});

/** A multipart upload whose `files` fields carry an image (JPEG or PNG, 8 MB). */
export const upload = (schema: z.ZodType, files: readonly string[]): RequestBody => ({
  schema,
  mediaTypes: ["multipart/form-data"],
  files,
});

/**
 * A path segment or query value the handler reads as text and checks itself (`parseRowId`, a
 * cursor, a Stripe id): any text is accepted on the wire, and a bad one answers 4xx, never 5xx.
 */
export const text = () => z.string();

/**
 * A path segment the handler reads as text and checks itself: never empty, since `/api/x//y` is
 * another path (the document refuses a path parameter that accepts "").
 */
export const segment = () => z.string().min(1);

/** A JSON 200 whose body `schema` describes (server/openapi/answers.ts has the shared parts). */
export const ok = (schema: z.ZodType, description = "OK"): readonly SuccessResponse[] => [
  { status: 200, description, mediaType: "application/json", schema },
];

export const created = (description: string, schema: z.ZodType): readonly SuccessResponse[] => [
  { status: 201, description, mediaType: "application/json", schema },
];

/** A write that answers 201 when it made the thing and 200 when it was already there. */
export const createdOrOk = (
  description: { created: string; ok: string },
  schema: z.ZodType,
): readonly SuccessResponse[] => [
  { status: 200, description: description.ok, mediaType: "application/json", schema },
  { status: 201, description: description.created, mediaType: "application/json", schema },
];

export const redirect = (description: string): readonly SuccessResponse[] => [
  { status: 303, description },
];

/**
 * A Stripe event: the handler verifies the signature over the raw bytes and lets Stripe's library
 * parse it, so no schema of ours applies; anything unsigned is a 400.
 */
export const stripeEvent = (): Pick<OperationDoc, "body" | "headers"> => ({
  body: json(z.record(z.string(), z.unknown())),
  headers: { "stripe-signature": z.string() },
});
