import { describe, expect, it } from "vitest";
import { fingerprint, parseForm } from "./form";

describe("Stripe's form encoding", () => {
  it.each([
    ["a=1&b=two", { a: "1", b: "two" }],
    ["metadata[order]=42&metadata[note]=a%20b", { metadata: { order: "42", note: "a b" } }],
    ["card[number]=4242&card[exp_month]=12", { card: { number: "4242", exp_month: "12" } }],
    ["expand[0]=latest_charge&expand[1]=customer", { expand: ["latest_charge", "customer"] }],
    ["expand[]=latest_charge&expand[]=customer", { expand: ["latest_charge", "customer"] }],
    ["expand%5B0%5D=latest_charge", { expand: ["latest_charge"] }],
    ["items[0][price]=p1&items[1][price]=p2", { items: [{ price: "p1" }, { price: "p2" }] }],
    ["a[b][c]=1", { a: { b: { c: "1" } } }],
    ["setup_future_usage=", { setup_future_usage: "" }],
  ])("parses %s", (body, expected) => {
    expect(parseForm(body)).toEqual(expected);
  });

  it("gives the same fingerprint whatever the order of the keys", () => {
    expect(fingerprint(parseForm("a=1&m[x]=1&m[y]=2"))).toBe(
      fingerprint(parseForm("m[y]=2&a=1&m[x]=1")),
    );
    expect(fingerprint(parseForm("a=1"))).not.toBe(fingerprint(parseForm("a=2")));
  });
});
