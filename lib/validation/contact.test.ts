import { describe, expect, it } from "vitest";
import { contactSchema } from "./contact";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const contact = {
  firstName: "Ana",
  lastName: "de la Cruz",
  email: "ana@example.com",
  content: "Hello! Can I sell honey here? (Ontario)",
};

describe("contact us", () => {
  const rows: MessageRow[] = [
    ["firstName", { firstName: "" }, "Required Field"],
    ["firstName", { firstName: "Ana1" }, "Invalid First Name"],
    ["lastName", { lastName: "" }, "Required Field"],
    ["lastName", { lastName: "Cruz_" }, "Invalid Last Name"],
    ["email", { email: "" }, "Required Field"],
    ["email", { email: "ana@@example.com" }, "Invalid Email"],
    ["content", { content: "" }, "Required Field"],
    ["content", { content: "<img src=x onerror=alert(1)>" }, "Invalid Content"],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(contactSchema, { ...contact, ...change })?.[field]).toEqual([message]);
  });

  it("accepts a filled form", () => {
    expect(parseOk(contactSchema, contact)).toEqual(contact);
  });
});
