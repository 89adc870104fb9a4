/**
 * The schemas drive react-hook-form through @hookform/resolvers/zod: string inputs in, the
 * spec's messages out per field, and typed forms (checked by tsc through `formsCompile`).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  checkoutOptionsSchema,
  customerRegistrationSchema,
  deliverySchema,
  localLocationSchema,
  productAddSchema,
} from "./index";

/** Never called: it only has to type-check (named as a hook for the hooks lint rule). */
export function useFormsCompile() {
  const registration = useForm<
    z.input<typeof customerRegistrationSchema>,
    unknown,
    z.output<typeof customerRegistrationSchema>
  >({ resolver: zodResolver(customerRegistrationSchema) });
  registration.register("cPassword");
  useForm({ resolver: zodResolver(productAddSchema) }).register("unitWeight");
  useForm({ resolver: zodResolver(deliverySchema) }).register("postalCode");
  useForm({ resolver: zodResolver(checkoutOptionsSchema) }).register("payByCard");
  useForm({ resolver: zodResolver(localLocationSchema) }).register("radius");
}

type ResolverResult = { values: unknown; errors: Record<string, { message?: string }> };
type LooseResolver = (
  values: unknown,
  context: unknown,
  options: unknown,
) => Promise<ResolverResult>;

/** Runs a resolver as react-hook-form does on submit. */
function resolve(resolver: unknown, values: Record<string, unknown>): Promise<ResolverResult> {
  return (resolver as LooseResolver)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
}

async function messagesFrom(resolver: unknown, values: Record<string, unknown>) {
  const { errors } = await resolve(resolver, values);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error.message]));
}

describe("react-hook-form resolver", () => {
  it("shows the spec's message under each field", async () => {
    expect(
      await messagesFrom(zodResolver(customerRegistrationSchema), {
        username: "A B",
        firstName: "",
        lastName: "Lee",
        phone: "(416) 555-1234",
        country: "CA",
        email: "a@b.co",
        password: "Tomatoes2024!",
        cPassword: "x",
      }),
    ).toEqual({
      username: "Use small letters, numbers, or underscore without space.",
      firstName: "Required Field",
      cPassword: "Passwords are not matching.",
    });
  });

  it("hands the parsed output to onSubmit", async () => {
    const result = await resolve(zodResolver(deliverySchema), {
      deliveryDestination: "home",
      firstName: "Sam",
      lastName: "Lee",
      email: "sam@example.com",
      phone: "9055550101",
      address: "1 Elm St",
      city: "Newmarket",
      provinceState: "on",
      country: "CA",
      postalCode: "l3y4x1",
    });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      phone: "(905) 555-0101",
      provinceState: "ON",
      postalCode: "L3Y 4X1",
    });
  });

  it("reports a group rule on its field", async () => {
    expect(
      await messagesFrom(zodResolver(checkoutOptionsSchema), {
        payInPerson: false,
        payByCard: false,
      }),
    ).toEqual({ payInPerson: "You need to enable at least one option." });
  });
});
