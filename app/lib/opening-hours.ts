/**
 * Whether the trade counter is open, worked out in the browser from the configured hours and a short list of
 * closed dates (bank holidays and closures) that the server computes. Times are Europe/London wall-clock
 * times.
 */

/** Opening and closing time in minutes after midnight. */
export type DayHours = { opens: number; closes: number };
/** Index 0 is Sunday, as in Date#getDay. */
export type WeeklyHours = (DayHours | undefined)[];
/** A day the counter is shut although the weekly hours say otherwise. */
export type ClosedDay = { date: string; name: string };
/** `from` is the London date the server listed the closed days from. */
export type OpeningCalendar = { weekly: WeeklyHours; closed: ClosedDay[]; from: string };

const dayAbbreviations = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

const clock = (text: string) => {
  const [hours = 0, minutes = 0] = text.split(":").map(Number);
  return hours * 60 + minutes;
};

/** "Mon-Fri 8:30-17:00" or "Sat 9:00-13:00" → the days and times it names; undefined if it cannot be read. */
export function parseHoursLine(text: string) {
  const match = text.trim().match(/^(\w{3})(?:-(\w{3}))? (\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/);
  if (!match) return undefined;
  const [, first = "", last, opens = "", closes = ""] = match;
  const from = dayAbbreviations.indexOf(first as (typeof dayAbbreviations)[number]);
  const to = last ? dayAbbreviations.indexOf(last as (typeof dayAbbreviations)[number]) : from;
  const hours = { opens: clock(opens), closes: clock(closes) };
  if (from < 0 || to < from || hours.opens >= hours.closes || hours.closes > 24 * 60) return undefined;
  return { days: Array.from({ length: to - from + 1 }, (_, i) => from + i), hours };
}

/** The weekly hours from the identity's hour lines; lines that cannot be read leave their days closed. */
export function weeklyHours(lines: string[]): WeeklyHours {
  const weekly: WeeklyHours = Array.from({ length: 7 }, () => undefined);
  for (const line of lines) {
    const parsed = parseHoursLine(line);
    for (const day of parsed?.days ?? []) weekly[day] = parsed?.hours;
  }
  return weekly;
}

/** 01:00 UTC on the last Sunday of a month (0 = January): when UK clocks change. */
function lastSundayOneAm(year: number, month: number) {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/**
 * The London calendar date (YYYY-MM-DD) and minutes after midnight of an instant. UK summer time runs from
 * 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October (Summer Time Order 2002).
 * Worked out by hand because the browser's first time-zone formatter loads time-zone data for tens of
 * milliseconds on a phone, in the middle of hydrating the header; a test checks it against Intl every half hour.
 */
export function londonTime(instant: Date) {
  const year = instant.getUTCFullYear();
  const time = instant.getTime();
  const summer = time >= lastSundayOneAm(year, 2) && time < lastSundayOneAm(year, 9);
  const wallClock = new Date(time + (summer ? 3_600_000 : 0));
  return {
    date: wallClock.toISOString().slice(0, 10),
    minutes: wallClock.getUTCHours() * 60 + wallClock.getUTCMinutes(),
  };
}

/** Whether text is a day of the calendar as YYYY-MM-DD: "2026-02-30" is not (Date.parse reads it as 2 March). */
export function isCalendarDay(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Calendar arithmetic on YYYY-MM-DD strings, done in UTC so no local clock change can shift a day. */
export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export type OpenState =
  | { open: true; closes: number; minutesLeft: number }
  | { open: false; next?: { date: string; opens: number; daysAhead: number } };

/** Looks up to this far ahead for the next opening; a longer shutdown just reads "Closed". */
const LOOKAHEAD_DAYS = 60;

export function openState(instant: Date, calendar: OpeningCalendar): OpenState {
  const closed = new Set(calendar.closed.map((day) => day.date));
  const hoursOn = (date: string) => (closed.has(date) ? undefined : calendar.weekly[weekdayOf(date)]);
  const now = londonTime(instant);
  const today = hoursOn(now.date);
  if (today && now.minutes >= today.opens && now.minutes < today.closes) {
    return { open: true, closes: today.closes, minutesLeft: today.closes - now.minutes };
  }
  for (let ahead = 0; ahead <= LOOKAHEAD_DAYS; ahead++) {
    const date = addDays(now.date, ahead);
    const hours = hoursOn(date);
    if (hours && (ahead > 0 || now.minutes < hours.opens)) {
      return { open: false, next: { date, opens: hours.opens, daysAhead: ahead } };
    }
  }
  return { open: false };
}

/** 17:00, 8:30: hours written as the site writes them. */
export const formatClock = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

const monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "25 Dec" from YYYY-MM-DD. */
const dayMonth = (date: string) => `${Number(date.slice(8, 10))} ${monthAbbreviations[Number(date.slice(5, 7)) - 1]}`;

/** Within this many minutes of closing, the countdown replaces the closing time. */
export const CLOSING_SOON_MINUTES = 30;

/** "Open now · closes 17:00", "Closes in 25 min", "Closed · opens Mon 8:30". */
export function describeOpenState(state: OpenState) {
  if (state.open) {
    return state.minutesLeft <= CLOSING_SOON_MINUTES
      ? `Closes in ${state.minutesLeft} min`
      : `Open now · closes ${formatClock(state.closes)}`;
  }
  if (!state.next) return "Closed";
  const { date, opens, daysAhead } = state.next;
  const day =
    daysAhead === 0
      ? "today"
      : daysAhead < 7
        ? dayAbbreviations[weekdayOf(date)]
        : `${dayAbbreviations[weekdayOf(date)]} ${dayMonth(date)}`;
  return `Closed · opens ${day} ${formatClock(opens)}`;
}

/**
 * schema.org special hours for the closed days of the 12 months after the calendar's first day: consecutive
 * days become one range, "closed" written as opening and closing at 00:00.
 */
export function specialOpeningHoursSpecification(calendar: OpeningCalendar) {
  const end = new Date(`${calendar.from}T00:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  const until = end.toISOString().slice(0, 10);
  const ranges: { from: string; to: string }[] = [];
  for (const { date } of calendar.closed) {
    if (date < calendar.from || date >= until) continue;
    const last = ranges.at(-1);
    if (last && addDays(last.to, 1) === date) last.to = date;
    else ranges.push({ from: date, to: date });
  }
  return ranges.map((range) => ({
    "@type": "OpeningHoursSpecification",
    opens: "00:00",
    closes: "00:00",
    validFrom: range.from,
    validThrough: range.to,
  }));
}
