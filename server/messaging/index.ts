import "server-only";

// Messaging between farmers and their customers or visitors: what routes, pages and other domains use.
export { askTheFarmer, type AskTheFarmerOptions } from "./ask-the-farmer";
export { attachVisitorConversations } from "./attach-visitor-conversations";
export { countUnreadConversations, unreadConversationCountSql } from "./count-unread";
export { deleteConversation } from "./delete-conversation";
export {
  listConversations,
  type ConversationLead,
  type ConversationPage,
} from "./list-conversations";
export { listMessages, type MessagePage } from "./list-messages";
export {
  mailAfterMessage,
  mailUnreadMessages,
  mailVisitorReplies,
  MAIL_THROTTLE_MS,
  startUnreadMessageMailer,
  UNREAD_MAIL_AFTER_MS,
} from "./mail-messages";
export { markConversationRead } from "./mark-conversation-read";
export { messageFarmer, MESSAGE_FARMER_LIMIT } from "./message-farmer";
export { MESSAGING_MESSAGES } from "./messages";
export type { MessageView } from "./message-view";
export { sendMessage } from "./send-message";
export { messageOrderParty, ORDER_PARTY_NOT_FOUND } from "./message-order-party";
export { farmReplyStatus } from "./farm-reply";
export { loadVisitorRegistration, type VisitorRegistration } from "./visitor-registration";
