import "server-only";
import { createTransport, type Transporter } from "nodemailer";

let cached: { url: string; transport: Transporter } | undefined;

/** One pooled-by-nodemailer transport per SMTP_URL for the life of the process. */
export function getTransport(smtpUrl: string): Transporter {
  if (cached?.url !== smtpUrl) cached = { url: smtpUrl, transport: createTransport(smtpUrl) };
  return cached.transport;
}

/** The bare address of a `Name <address>` sender, for the List-Unsubscribe mailto. */
export function senderAddress(mailFrom: string): string {
  const match = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom);
  return (match?.[1] ?? mailFrom).trim();
}
