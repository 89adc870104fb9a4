import { describe, expect, it } from "vitest";
import { ROUTE_MODULES } from "@/app/api/openapi.json/route-index";
import { loadApiOperations, routeFileOf } from "./catalog";
import { ANSWERS_NOT_YET_DECLARED } from "./answers-pending";
import type { Operation } from "./types";

/**
 * Every JSON answer the document lists has a schema (issue 43, item 4), so the contract check
 * (tests/security/groups/contract.ts) can hold the server to it. A call is named here until its
 * route declares its answers: `responses: ok(answerSchema)` or `created("…", answerSchema)`
 * (server/openapi/declare.ts), the schema written with zod like a body schema.
 */
const operations = await loadApiOperations(ROUTE_MODULES);

function missingAnswerSchemas(operation: Operation): string[] {
  const responses = operation.responses ?? [{ status: 200, mediaType: "application/json" }];
  return responses
    .filter(
      (response) =>
        response.mediaType === "application/json" && !("schema" in response && response.schema),
    )
    .map(
      (response) =>
        `${operation.method} ${operation.path} ${response.status} (${routeFileOf(operation)})`,
    );
}

describe("the document's answers", () => {
  const missing = operations.flatMap(missingAnswerSchemas);
  const key = (entry: string) => entry.split(" ").slice(0, 2).join(" ");

  it("have a schema for every JSON answer of every call (new routes included)", () => {
    // An entry here: declare that route's answers (see the comment at the top of this file).
    expect(missing.filter((entry) => !ANSWERS_NOT_YET_DECLARED.includes(key(entry)))).toEqual([]);
  });

  it("list only calls still missing one among those not yet declared (the list only shrinks)", () => {
    const stillMissing = new Set(missing.map(key));
    expect(ANSWERS_NOT_YET_DECLARED.filter((entry) => !stillMissing.has(entry))).toEqual([]);
  });
});
