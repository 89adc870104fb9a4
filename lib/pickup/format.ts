/**
 * How pickup windows read (decision 0050): "Sat, Dec 12, 9:00 a.m. – 12:00 p.m." in the farm's time
 * zone, and, when the viewer's zone differs, the same window in theirs with the zone's name.
 */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** "9:00" from 540 minutes after midnight (24-hour clock, as the form's time inputs read). */
export function minuteToClock(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** 540 from "09:00"; null when it is not a time of day (24:00 is the end of the day). */
export function clockToMinute(clock: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(clock.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59 || minute > 1440) return null;
  return minute;
}

/** "9:00 a.m." style time of a minute after midnight, without a date or zone. */
export function minuteLabel(minute: number): string {
  const date = new Date(Date.UTC(2000, 0, 1, 0, minute));
  return new Intl.DateTimeFormat("en-CA", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(date);
}

/** "Saturday 9:00 a.m. – 12:00 p.m." for a weekly window. */
export function weeklyWindowLabel(w: {
  weekday: number;
  startsMinute: number;
  endsMinute: number;
}) {
  return `${WEEKDAYS[w.weekday] ?? ""} ${minuteLabel(w.startsMinute)} – ${minuteLabel(w.endsMinute)}`;
}

/** "Orders close the day before at 6:00 p.m." */
export function cutoffLabel(w: { cutoffDaysBefore: number; cutoffMinute: number }): string {
  const at = minuteLabel(w.cutoffMinute);
  if (w.cutoffDaysBefore === 0) return `Orders close the same day at ${at}`;
  if (w.cutoffDaysBefore === 1) return `Orders close the day before at ${at}`;
  return `Orders close ${w.cutoffDaysBefore} days before at ${at}`;
}

function rangeIn(startsAt: Date, endsAt: Date, timeZone: string, withZone: boolean): string {
  const day = new Intl.DateTimeFormat("en-CA", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone,
  }).format(startsAt);
  const time = new Intl.DateTimeFormat("en-CA", { hour: "numeric", minute: "2-digit", timeZone });
  const zone = withZone
    ? ` ${
        new Intl.DateTimeFormat("en-CA", { timeZone, timeZoneName: "short" })
          .formatToParts(startsAt)
          .find((p) => p.type === "timeZoneName")?.value ?? timeZone
      }`
    : "";
  return `${day}, ${time.format(startsAt)} – ${time.format(endsAt)}${zone}`;
}

/**
 * A dated window in the farm's zone; with the viewer's zone when it differs, followed by
 * "(… your time)". Both zones are named when they differ.
 */
export function pickupTimeLabel(
  w: { startsAt: Date | string; endsAt: Date | string; timeZone: string },
  viewerZone?: string | null,
): string {
  const startsAt = new Date(w.startsAt);
  const endsAt = new Date(w.endsAt);
  const differs =
    viewerZone != null && viewerZone !== "" && !sameOffset(startsAt, w.timeZone, viewerZone);
  const farm = rangeIn(startsAt, endsAt, w.timeZone, differs);
  if (!differs) return farm;
  return `${farm} (${rangeIn(startsAt, endsAt, viewerZone, true)} your time)`;
}

/**
 * A dated window in the farm's zone, the zone always named ("Sat, Dec 12, 9:00 a.m. – 12:00 p.m.
 * EST"): how mails show it, since a mail cannot know its reader's zone (decision 0050).
 */
export function pickupTimeInFarmZone(w: {
  startsAt: Date | string;
  endsAt: Date | string;
  timeZone: string;
}): string {
  return rangeIn(new Date(w.startsAt), new Date(w.endsAt), w.timeZone, true);
}

function sameOffset(at: Date, a: string, b: string): boolean {
  if (a === b) return true;
  try {
    const f = (timeZone: string) =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone,
        hour: "numeric",
        minute: "numeric",
        day: "numeric",
        hourCycle: "h23",
      }).format(at);
    return f(a) === f(b);
  } catch {
    return true;
  }
}
