import "server-only";

/**
 * Logged at start-up on the embedded database (instrumentation.ts). The demo keeps its data in one
 * directory, rate limits in memory, and mail in a mailbox page; it is not a deployment.
 */
export const EMBEDDED_MODE_NOTICE =
  "Embedded demo mode (no DATABASE_URL): this server is for one machine only. " +
  "Do not expose it to a network or put it behind a proxy. The demo mailbox at /dev/mailbox " +
  "(every email the site sends, password reset links included) answers only a browser on this " +
  "machine. For a real deployment set DATABASE_URL and SMTP_URL.";
