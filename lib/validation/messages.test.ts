import { describe, expect, it } from "vitest";
import { MSG } from "./messages";

/** Every validation message of part 1 section 5 and part 2 section 5, as the spec writes it (slips corrected). */
const SPEC_MESSAGES = [
  "Required Field",
  "Use small letters, numbers, or underscore without space.",
  "Invalid First Name",
  "Invalid Last Name",
  "Invalid Phone Number",
  "Invalid Email",
  "Enter minimum 12 characters with small letter, big letter, numbers, and symbols (!@#$%^*)",
  "Passwords are not matching.",
  "Invalid Address",
  "Invalid City",
  "Invalid Postal code",
  "Invalid Zip code",
  "Something went wrong. Please check your url.",
  "First Name is required",
  "Last Name is required",
  "Email is required",
  "Message is required",
  "Invalid Message",
  "It exceeded the character limit for the message",
  "Oops. There is an issue of contacting the farmer.",
  "Oopsy. Please check the form again.",
  "The message is required",
  "Character limit: 1500",
  "The review content is empty.",
  "The review content is invalid.",
  "Please rate the product",
  "Invalid Province/State",
  "Invalid Country",
  "Invalid. Please use only numbers, small letters, and underscores",
  "Invalid. Please do not use any special symbols",
  "Invalid file uploaded.",
  "New Password is empty.",
  "Confirm New Password is empty.",
  "New Password and Confirm New Password are mismatching.",
  "You need to enable at least one option.",
  "Upload the image",
  "Invalid image file.",
  "Image size is too big.",
  "Product name is required",
  "Invalid Name",
  "Invalid Detail",
  "Invalid Price",
  "Invalid Value",
  "You need to select at least one of the customer payment options",
  "Invalid Content",
  "Invalid Rate",
  "Invalid date range",
  "Enter minimum 12 characters with small letter, big letter, numbers, and symbols",
  "Oopsy, Something went wrong. Please check again.",
  "Oopsy. Something went wrong. Please check your form again.",
  "Oops, Something went wrong. Please check the form again.",
];

describe("message catalogue", () => {
  const values = new Set<string>(Object.values(MSG));

  it.each(SPEC_MESSAGES)("holds the spec's %j word for word", (message) => {
    expect(values.has(message)).toBe(true);
  });

  it("carries the two corrected slips, never the originals", () => {
    for (const value of values) {
      expect(value).not.toMatch(/at lest one|Pleae/);
    }
  });
});
