/**
 * Billing periods as Stripe counts them: from the subscription's billing_cycle_anchor, by calendar
 * (a month after 31 January ends on the last day of February, the next one on 31 March).
 */
export interface Recurring {
  interval: string;
  interval_count: number;
}

const DAY = 86_400;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The moment `n` intervals after `anchor` (seconds). */
export function periodBoundary(anchor: number, recurring: Recurring, n: number): number {
  const count = recurring.interval_count * n;
  if (recurring.interval === "day") return anchor + count * DAY;
  if (recurring.interval === "week") return anchor + count * 7 * DAY;
  const months = recurring.interval === "year" ? count * 12 : count;
  const start = new Date(anchor * 1000);
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  const end = Date.UTC(
    year,
    month,
    day,
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  );
  return Math.floor(end / 1000);
}

/** The period that follows the one ending at `end`, counted from `anchor`. */
export function nextPeriod(
  anchor: number,
  recurring: Recurring,
  end: number,
): { start: number; end: number } {
  let n = 1;
  while (periodBoundary(anchor, recurring, n) <= end) n++;
  return { start: end, end: periodBoundary(anchor, recurring, n) };
}
