import { describe, expect, it } from "vitest";
import {
  askTheFarmerSchema,
  conversationListQuerySchema,
  conversationMessageSchema,
  messageListQuerySchema,
} from "./messaging";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const ask = {
  contactFirstName: "Lee",
  contactLastName: "Ng",
  contactEmail: "lee@example.com",
  contactContent: "Do you have eggs this Saturday?\nThanks!",
  prodId: "42",
};

describe("Ask The Farmer", () => {
  const rows: MessageRow[] = [
    ["contactFirstName", { contactFirstName: "" }, "First Name is required"],
    ["contactFirstName", { contactFirstName: "L33" }, "Invalid First Name"],
    ["contactLastName", { contactLastName: "" }, "Last Name is required"],
    ["contactLastName", { contactLastName: "Ng!" }, "Invalid Last Name"],
    ["contactEmail", { contactEmail: "" }, "Email is required"],
    ["contactEmail", { contactEmail: "lee.example.com" }, "Invalid Email"],
    ["contactContent", { contactContent: "" }, "Message is required"],
    ["contactContent", { contactContent: "Hi <script>" }, "Invalid Message"],
    [
      "contactContent",
      { contactContent: "a".repeat(1501) },
      "It exceeded the character limit for the message",
    ],
    ["prodId", { prodId: "abc" }, "Oops. There is an issue of contacting the farmer."],
    ["prodId", { prodId: "0" }, "Oops. There is an issue of contacting the farmer."],
    ["prodId", { prodId: "" }, "Oops. There is an issue of contacting the farmer."],
    [
      "farmerId",
      { prodId: "", farmerId: "../admin" },
      "Oops. There is an issue of contacting the farmer.",
    ],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(askTheFarmerSchema, { ...ask, ...change })?.[field]).toEqual([message]);
  });

  it("accepts a message about a product, or to a farmer directly", () => {
    expect(parseOk(askTheFarmerSchema, ask)).toMatchObject({ prodId: 42, farmerId: null });
    expect(
      parseOk(askTheFarmerSchema, {
        ...ask,
        prodId: undefined,
        farmerId: "3f2b9c1e-1111-4a2b-9c3d-222233334444",
      }),
    ).toMatchObject({
      prodId: null,
      farmerId: "3f2b9c1e-1111-4a2b-9c3d-222233334444",
    });
  });

  it("accepts exactly 1500 characters", () => {
    expect(errorsOf(askTheFarmerSchema, { ...ask, contactContent: "a".repeat(1500) })).toBeNull();
  });
});

describe("conversation message", () => {
  const rows: MessageRow[] = [
    ["message", { message: "" }, "The message is required"],
    ["message", { message: "   " }, "The message is required"],
    ["message", { message: "see <a href=x>" }, "Invalid Message"],
    ["message", { message: "x".repeat(1501) }, "Character limit: 1500"],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, input, message) => {
    expect(errorsOf(conversationMessageSchema, input)?.[field]).toEqual([message]);
  });

  it("accepts letters, digits, line breaks and the limited punctuation", () => {
    expect(
      parseOk(conversationMessageSchema, {
        message: "  Pickup at 5:30? Sure — see you!\nCash is fine.  ",
      }),
    ).toEqual({
      message: "Pickup at 5:30? Sure - see you!\nCash is fine.",
    });
  });
});

describe("paging queries", () => {
  it("refuses a malformed cursor with 'Invalid Page' and reads a blank one as none", () => {
    expect(errorsOf(conversationListQuerySchema, { cursor: "nope" })?.cursor).toEqual([
      "Invalid Page",
    ]);
    expect(errorsOf(messageListQuerySchema, { before: "abc" })?.before).toEqual(["Invalid Page"]);
    expect(parseOk(messageListQuerySchema, { before: "" })).toEqual({});
    expect(parseOk(messageListQuerySchema, { before: "5" })).toEqual({ before: 5 });
    expect(
      parseOk(conversationListQuerySchema, { cursor: "2026-11-20T09:15:02.123456Z_12" }),
    ).toEqual({ cursor: "2026-11-20T09:15:02.123456Z_12" });
  });
});
