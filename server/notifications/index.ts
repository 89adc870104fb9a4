import "server-only";

// What other domains may use.
export { changeNotificationByLink, notificationLinkSchema } from "./change-by-link";
export {
  oneClickUnsubscribeUrl,
  signNotificationLink,
  unsubscribePageUrl,
  verifyNotificationLink,
} from "./sign";
