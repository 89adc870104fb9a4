import "server-only";

// What routes and pages may use: Contact Us and the admin inbox.
export {
  CONTACT_LIMIT_PER_CLIENT,
  CONTACT_LIMIT_PER_EMAIL,
  CONTACT_MESSAGES,
  submitContactMessage,
} from "./submit-contact-message";
export {
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_STATUSES,
  listContactMessages,
  type ContactInboxPage,
  type ContactMessageView,
  type ContactStatus,
} from "./list-contact-messages";
export { CONTACT_HANDLED_MESSAGES, markContactHandled } from "./mark-contact-handled";
