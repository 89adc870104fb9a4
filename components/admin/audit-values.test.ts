import { describe, expect, it } from "vitest";
import { fieldName, fieldValue } from "./audit-values";

// Issue 42, item 7: the Audit Trail showed `"handledBy": 1` as raw JSON.
describe("audit values as a person reads them", () => {
  it.each([
    ["merchantPayment", "payable", "Merchant payment", "payable"],
    ["amountCents", 699, "Amount", "$6.99"],
    ["active", false, "Active", "No"],
    ["status", "customer_received", "Status", "customer received"],
    ["refundId", null, "Refund id", "—"],
    ["handledBy", 1, "Handled by", "1"],
  ])("%s = %j reads %s: %s", (key, value, name, text) => {
    expect(fieldName(key)).toBe(name);
    expect(fieldValue(key, value)).toBe(text);
  });
});
