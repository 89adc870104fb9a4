/** Helpers for the table-driven schema tests beside each module (test code only). */
import type { z } from "zod";
import { toFieldErrors, type FieldErrors } from "./field-errors";

/** The field errors a schema gives for an input, or null when it passes. */
export function errorsOf(schema: z.ZodType, input: unknown): FieldErrors | null {
  const result = schema.safeParse(input);
  return result.success ? null : toFieldErrors(result.error);
}

/** The parsed output, failing the test with the field errors when the input does not pass. */
export function parseOk<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new Error(`expected a pass, got ${JSON.stringify(toFieldErrors(result.error))}`);
  return result.data;
}

/** A row of a message table: what to change in a valid input, and the message expected on a field. */
export type MessageRow = readonly [field: string, input: Record<string, unknown>, message: string];
