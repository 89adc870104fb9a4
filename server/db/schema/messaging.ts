import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { members } from "./members";
import { createdAt, happenedAt } from "./columns";

/**
 * A thread between a merchant and either a customer or a visitor known only by name and email
 * (Ask The Farmer). One thread per pair; `product_id` is the product it started about.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: serial("id").primaryKey(),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => members.id, { onDelete: "cascade" }),
    visitorFirstName: text("visitor_first_name"),
    visitorLastName: text("visitor_last_name"),
    /** Visitors get the merchant's replies by email. */
    visitorEmail: text("visitor_email"),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    lastMessageAt: happenedAt("last_message_at").notNull().defaultNow(),
    merchantUnreadCount: integer("merchant_unread_count").notNull().default(0),
    customerUnreadCount: integer("customer_unread_count").notNull().default(0),
    // Deleting hides the thread from that side only.
    merchantDeletedAt: happenedAt("merchant_deleted_at"),
    customerDeletedAt: happenedAt("customer_deleted_at"),
    // The last "you have a message" mail to each side: at most one per conversation an hour.
    merchantMailedAt: happenedAt("merchant_mailed_at"),
    customerMailedAt: happenedAt("customer_mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversations_merchant_last_message_idx").on(
      t.merchantId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("conversations_customer_last_message_idx")
      .on(t.customerId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.customerId} is not null`),
    // The header's unread count reads only the conversations that hold unread messages, per side
    // (server/messaging/count-unread.ts): a farm with thousands of conversations reads a handful.
    index("conversations_merchant_unread_idx")
      .on(t.merchantId)
      .where(sql`${t.merchantUnreadCount} > 0`),
    index("conversations_customer_unread_idx")
      .on(t.customerId)
      .where(sql`${t.customerUnreadCount} > 0`),
    uniqueIndex("conversations_merchant_customer_unique")
      .on(t.merchantId, t.customerId)
      .where(sql`${t.customerId} is not null`),
    // A visitor who registers (or signs in) takes their conversations with every farm along: the
    // lookup is by email alone, which the unique index above cannot serve (merchant_id leads it).
    index("conversations_visitor_email_idx")
      .on(sql`lower(${t.visitorEmail})`)
      .where(sql`${t.visitorEmail} is not null`),
    uniqueIndex("conversations_merchant_visitor_unique")
      .on(t.merchantId, sql`lower(${t.visitorEmail})`)
      .where(sql`${t.customerId} is null`),
    check(
      "conversations_has_counterpart",
      sql`${t.customerId} is not null or ${t.visitorEmail} is not null`,
    ),
    check(
      "conversations_unread_non_negative",
      sql`${t.merchantUnreadCount} >= 0 and ${t.customerUnreadCount} >= 0`,
    ),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Null when a visitor wrote it. */
    senderMemberId: integer("sender_member_id").references(() => members.id, {
      onDelete: "set null",
    }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_created_idx").on(
      t.conversationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("messages_body_length", sql`char_length(${t.body}) between 1 and 1500`),
  ],
);

/** Every Ask The Farmer submission as received, for follow-up and abuse review. */
export const farmerContactLeads = pgTable(
  "farmer_contact_leads",
  {
    id: serial("id").primaryKey(),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The thread the lead opened or joined. */
    conversationId: integer("conversation_id").references(() => conversations.id, {
      onDelete: "set null",
    }),
    /** Set when a signed-in member used the form. */
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    content: text("content").notNull(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("farmer_contact_leads_merchant_created_idx").on(
      t.merchantId,
      t.createdAt.desc().nullsFirst(),
    ),
  ],
);

export const conversationsRelations = relations(conversations, ({ one, many }) => ({
  merchant: one(members, {
    fields: [conversations.merchantId],
    references: [members.id],
    relationName: "conversation_merchant",
  }),
  customer: one(members, {
    fields: [conversations.customerId],
    references: [members.id],
    relationName: "conversation_customer",
  }),
  product: one(products, { fields: [conversations.productId], references: [products.id] }),
  messages: many(messages),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  conversation: one(conversations, {
    fields: [messages.conversationId],
    references: [conversations.id],
  }),
  sender: one(members, { fields: [messages.senderMemberId], references: [members.id] }),
}));

export const farmerContactLeadsRelations = relations(farmerContactLeads, ({ one }) => ({
  merchant: one(members, { fields: [farmerContactLeads.merchantId], references: [members.id] }),
  product: one(products, { fields: [farmerContactLeads.productId], references: [products.id] }),
  conversation: one(conversations, {
    fields: [farmerContactLeads.conversationId],
    references: [conversations.id],
  }),
}));
