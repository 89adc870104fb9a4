import type { Access, RouteDoc } from "@/server/openapi/types";

/**
 * What a route handler says about itself for the OpenAPI document: who may call it and its
 * declaration. `route()` attaches it to the handler it returns, with the access taken from its own
 * `public`/`role` options, so the document says what the server enforces.
 */
export type RouteDeclaration = { access: Access; doc: RouteDoc };

// Symbol.for: a module bundled twice (the route's own chunk and the document's) still agrees.
const DECLARATION = Symbol.for("marketplace.routeDeclaration");

/**
 * Attach a declaration to a handler and return the same handler. `route()` does it for every
 * route it builds; call it yourself only for a handler written without `route()` (GET /api/viewer),
 * whose access is then stated here.
 */
export function declareRoute<H extends (...args: never[]) => unknown>(
  handler: H,
  declaration: RouteDeclaration,
): H {
  Object.defineProperty(handler, DECLARATION, { value: declaration, enumerable: false });
  return handler;
}

/** The declaration attached to an exported handler, or undefined when it has none. */
export function declarationOf(handler: unknown): RouteDeclaration | undefined {
  if (typeof handler !== "function") return undefined;
  return (handler as { [DECLARATION]?: RouteDeclaration })[DECLARATION];
}
