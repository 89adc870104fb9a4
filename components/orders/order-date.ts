/**
 * Order dates as every order page shows them ("Nov 21, 2026"). The zone is fixed so the server's
 * render and the browser's hydration print the same text; the marketplace keeps Ontario time.
 */
const DATE_FORMAT = new Intl.DateTimeFormat("en-CA", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "America/Toronto",
});

export function formatOrderDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}
