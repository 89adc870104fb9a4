import "server-only";

// What other domains may use: send a mail, send the welcome mail.
export { sendMail, type MailCategory, type SendMailInput } from "./send-mail";
export { sendWelcomeEmail, type WelcomeRecipient } from "./send-welcome-email";
