import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what a client may send (`io: "input"`: before defaults and transforms), in
 * the dialect OpenAPI 3.1 uses. Parts JSON Schema cannot say (a transform's input, a custom check)
 * become `{}`, "anything", which is what the wire accepts before the handler's own check.
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
    override: requireRefusedAbsences,
  }) as JsonSchema;
  // OpenAPI 3.1 documents share one dialect; a `$schema` in every body would only repeat it.
  delete converted.$schema;
  return converted;
}

/**
 * An object's field whose schema refuses `undefined` is required, whatever its input type says: a
 * preprocessed field (an id, a number read from text) has the input type `unknown`, which zod
 * lists as optional although the handler answers 422 without it.
 */
function requireRefusedAbsences(context: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (context.zodSchema as z.ZodType).def as {
    type: string;
    shape?: Record<string, z.ZodType>;
  };
  if (def.type !== "object" || !def.shape) return;
  const required = new Set((context.jsonSchema.required as string[] | undefined) ?? []);
  for (const [name, field] of Object.entries(def.shape))
    if (!required.has(name) && !accepts(field, undefined)) required.add(name);
  if (required.size)
    context.jsonSchema.required = Object.keys(def.shape).filter((name) => required.has(name));
}

/**
 * The JSON Schema of an answer (`io: "output"`: what the handler writes after its transforms).
 * Objects refuse fields they do not name, so a field added to an answer must be declared.
 */
export function toAnswerJsonSchema(schema: z.ZodType): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "output",
    unrepresentable: "throw",
  }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

/** Whether the schema takes `value` (a query parameter absent: undefined or null as the handler reads it). */
export function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/**
 * The fields of a query schema: an object's shape, seen through the pipes of `.transform()` and
 * `.pipe()`. Anything else is a mistake in the catalog, and says so.
 */
export function objectFields(schema: z.ZodType): Readonly<Record<string, z.ZodType>> {
  const def = schema.def as { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType };
  if (def.type === "object" && def.shape) return def.shape;
  if (def.type === "pipe" && def.in) return objectFields(def.in);
  throw new Error(`a query schema must be a zod object, not ${def.type}`);
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}
