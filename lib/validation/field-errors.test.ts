import { describe, expect, it } from "vitest";
import { z } from "zod";
import { customerRegistrationSchema } from "./accounts";
import { FORM_ERROR_KEY, joinFieldErrors, toFieldErrors } from "./field-errors";

describe("toFieldErrors", () => {
  it("groups messages by field, once each, in order", () => {
    const errors = toFieldErrors({
      issues: [
        { path: ["email"], message: "Invalid Email" },
        { path: ["email"], message: "Email taken" },
        { path: ["email"], message: "Invalid Email" },
        { path: ["items", 0, "qty"], message: "Invalid Quantity" },
        { path: [], message: "Invalid input" },
      ],
    });
    expect(errors).toEqual({
      email: ["Invalid Email", "Email taken"],
      "items.0.qty": ["Invalid Quantity"],
      [FORM_ERROR_KEY]: ["Invalid input"],
    });
  });

  it("reads a real ZodError into the wire shape", () => {
    const result = customerRegistrationSchema.safeParse({ username: "A B" });
    expect(result.success).toBe(false);
    if (!result.success) {
      const errors = toFieldErrors(result.error);
      expect(errors.username).toEqual(["Use small letters, numbers, or underscore without space."]);
      expect(errors.email).toEqual(["Required Field"]);
    }
  });

  it("puts a non-object body under the form key", () => {
    const result = z.object({ a: z.string() }).safeParse("nope");
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(toFieldErrors(result.error))).toEqual([FORM_ERROR_KEY]);
  });
});

describe("joinFieldErrors", () => {
  const errors = { email: ["Invalid Email", "Email taken"], name: ["Invalid Name"] };
  it("joins with spaces (registration)", () => {
    expect(joinFieldErrors(errors, "space")).toEqual({
      email: "Invalid Email Email taken",
      name: "Invalid Name",
    });
  });
  it("joins with commas (product form)", () => {
    expect(joinFieldErrors(errors, "comma")).toEqual({
      email: "Invalid Email, Email taken",
      name: "Invalid Name",
    });
  });
});
