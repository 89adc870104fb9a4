import { contactSchema } from "@/lib/validation/contact";
import {
  askTheFarmerSchema,
  conversationListQuerySchema,
  conversationMessageSchema,
  farmerMessageSchema,
  messageListQuerySchema,
  orderMessageSchema,
} from "@/lib/validation/messaging";
import type { Operation } from "../types";
import { created, CUSTOMER, json, MEMBER, PUBLIC, text } from "./shared";

/** Ask The Farmer, Contact Us and the members' conversations. */
export const MESSAGING_OPERATIONS: readonly Operation[] = [
  {
    method: "POST",
    path: "/api/merchants/contact",
    summary: "Ask The Farmer, from a visitor or a signed-in member",
    access: PUBLIC,
    body: json(askTheFarmerSchema),
    responses: created("The message was sent"),
  },
  {
    method: "POST",
    path: "/api/contact/admin",
    summary: "Contact Us, from a visitor or a signed-in member, to the operators",
    access: PUBLIC,
    body: json(contactSchema),
    responses: created("The message was sent"),
  },
  {
    method: "POST",
    path: "/api/messages/farmers",
    summary: "A customer writes to a farm from a store or product page",
    access: CUSTOMER,
    body: json(farmerMessageSchema),
    responses: created("The message was sent"),
  },
  {
    method: "POST",
    path: "/api/messages/orders",
    summary: "A message about an order: the customer to a farm, a farm to its customer",
    access: MEMBER,
    body: json(orderMessageSchema),
    responses: created("The message was sent"),
  },
  {
    method: "GET",
    path: "/api/messages/conversations",
    summary: "The caller's contacts, 20 a page, latest first",
    access: MEMBER,
    query: [conversationListQuerySchema],
  },
  {
    method: "DELETE",
    path: "/api/messages/conversations/{conversationId}",
    summary: "Delete a conversation from the caller's side only",
    access: MEMBER,
    pathParams: { conversationId: text() },
  },
  {
    method: "GET",
    path: "/api/messages/conversations/{conversationId}/messages",
    summary: "The latest 20 messages of a conversation, or 20 older",
    access: MEMBER,
    pathParams: { conversationId: text() },
    query: [messageListQuerySchema],
  },
  {
    method: "POST",
    path: "/api/messages/conversations/{conversationId}/messages",
    summary: "Write in a conversation (a farmer needs a plan)",
    access: MEMBER,
    pathParams: { conversationId: text() },
    body: json(conversationMessageSchema),
    responses: created("The message was sent"),
  },
  {
    method: "POST",
    path: "/api/messages/conversations/{conversationId}/read",
    summary: "The caller has opened the conversation",
    access: MEMBER,
    pathParams: { conversationId: text() },
  },
  {
    method: "GET",
    path: "/api/messages/unread",
    summary: "How many of the caller's conversations hold unopened messages",
    access: MEMBER,
  },
  {
    method: "GET",
    path: "/api/messages/stream",
    summary: "The signed-in member's new messages as server-sent events",
    access: MEMBER,
    // parseLastEventId reads the header, else the query; anything but a row id starts afresh.
    query: [{ lastEventId: text().optional() }],
    headers: { "last-event-id": text().optional() },
    responses: [{ status: 200, description: "An event stream", mediaType: "text/event-stream" }],
  },
];
