import { describe, expect, it } from "vitest";
import { reviewSchema } from "./reviews";
import { errorsOf, parseOk, type MessageRow } from "./test-utils";

const review = {
  productId: "5",
  score: "4",
  reviewContent: 'Sweet & juicy (best I\'ve had)! 10/10 :) ~ "yum" #local',
};

describe("review", () => {
  const rows: MessageRow[] = [
    ["reviewContent", { reviewContent: "" }, "The review content is empty."],
    ["reviewContent", { reviewContent: " \n " }, "The review content is empty."],
    ["reviewContent", { reviewContent: "Great <3" }, "The review content is invalid."],
    ["reviewContent", { reviewContent: "Great | fresh" }, "The review content is invalid."],
    ["reviewContent", { reviewContent: "Yummy 🍓" }, "The review content is invalid."],
    ["score", { score: "0" }, "Please rate the product"],
    ["score", { score: 0 }, "Please rate the product"],
    ["score", { score: "" }, "Please rate the product"],
    ["score", { score: undefined }, "Please rate the product"],
    ["score", { score: "6" }, "Please rate the product"],
    ["score", { score: "4.5" }, "Please rate the product"],
  ];

  it.each(rows)("reports on %s for %j: %s", (field, change, message) => {
    expect(errorsOf(reviewSchema, { ...review, ...change })?.[field]).toEqual([message]);
  });

  it("accepts every punctuation mark of the spec's list", () => {
    const all = `. , ' " _ - ? ! @ # $ % ^ & * ( ) + = \\ / [ ] { } ; : \` ~`;
    expect(errorsOf(reviewSchema, { ...review, reviewContent: `Good ${all}` })).toBeNull();
  });

  it.each([1, 5, "3"])("accepts the score %j", (score) => {
    expect(errorsOf(reviewSchema, { ...review, score })).toBeNull();
  });

  it("reads ids and score as numbers; a curly apostrophe passes as a straight one", () => {
    expect(
      parseOk(reviewSchema, { ...review, reviewId: "9", reviewContent: "It’s great" }),
    ).toEqual({
      productId: 5,
      reviewId: 9,
      score: 4,
      reviewContent: "It's great",
    });
    expect(parseOk(reviewSchema, review).reviewId).toBeNull();
  });
});
