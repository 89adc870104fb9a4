import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { QUANTITY_MIN } from "@/lib/constants";
import { quantity, quantitySchema } from "@/lib/validation/catalog";
import { MSG } from "@/lib/validation/messages";
import type { SessionMember } from "@/server/auth/session";
import type { CartOwner } from "./items";
import { VisitorCookies } from "./visitor-cookies";

/**
 * The route handlers' side of the cart: whose items a request is about, the request bodies, and
 * answers that carry a visitor's changed cookies. Members' items live in the database, so a
 * member's request never reads or writes the item cookies.
 */

export function cartOwnerFor(req: Request, member: SessionMember | null): CartOwner {
  return member ? { memberId: member.id } : { visitor: VisitorCookies.fromRequest(req) };
}

/** JSON answer; for a visitor, with the item cookies the services changed. */
export function cartJson(owner: CartOwner, body: unknown, init?: ResponseInit): NextResponse {
  const response = NextResponse.json(body, init);
  if ("visitor" in owner) owner.visitor.writeTo(response.cookies);
  return response;
}

/** POST body: the product's public key and a quantity (1 when left out). */
export const addItemSchema = z.object({
  pKey: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(64, MSG.invalidValue),
  qty: quantity()
    .optional()
    .transform((qty) => qty ?? QUANTITY_MIN),
});

/** PATCH body. */
export const updateQtySchema = quantitySchema;
