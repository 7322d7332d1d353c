import type { Site } from "#app/content/site.ts";
import {
  addDays,
  type ClosedDay,
  isCalendarDay,
  londonTime,
  type OpeningCalendar,
  weeklyHours,
} from "#app/lib/opening-hours.ts";

/** A configured closure: first and last day shut, inclusive. */
export type ClosureRange = { from: string; to: string };

/** How many days a closure shuts for, its first and last included. */
export const closureLength = (range: ClosureRange) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;

/** How far ahead the browser is told about closed days; the build is expected to be redeployed well within it. */
export const CALENDAR_MONTHS = 26;
/** A closure longer than this is more likely a typo in the year than a real shutdown. */
const MAX_CLOSURE_DAYS = 92;

/**
 * Reads SITE_CLOSURES: comma-separated days or ranges, e.g. "2026-12-24..2027-01-01, 2027-04-30".
 * Returns the ranges, or an error message naming the part that could not be read.
 */
export function parseClosures(text: string): { ranges: ClosureRange[] } | { error: string } {
  const ranges: ClosureRange[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    if (!part) continue;
    const [from = "", to = from, extra] = part.split("..").map((p) => p.trim());
    if (extra !== undefined || !isCalendarDay(from) || !isCalendarDay(to)) {
      return { error: `"${part}" is not a date (YYYY-MM-DD) or a range (YYYY-MM-DD..YYYY-MM-DD)` };
    }
    if (to < from) return { error: `"${part}" ends before it starts` };
    if (closureLength({ from, to }) > MAX_CLOSURE_DAYS)
      return { error: `"${part}" is longer than ${MAX_CLOSURE_DAYS} days` };
    ranges.push({ from, to });
  }
  return { ranges };
}

// The holiday rules of every country take most of a second to load: only on first use, not at boot.
let holidaysLibrary: Promise<typeof import("date-holidays")> | undefined;

/** England & Wales bank holidays (substitute days included) between two dates, inclusive. */
export async function bankHolidays(from: string, to: string): Promise<ClosedDay[]> {
  holidaysLibrary ??= import("date-holidays");
  const { default: Holidays } = await holidaysLibrary;
  const holidays = new Holidays("GB", "ENG");
  const days: ClosedDay[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const holiday of holidays.getHolidays(year)) {
      const date = holiday.date.slice(0, 10);
      if (holiday.type === "public" && date >= from && date <= to) days.push({ date, name: holiday.name });
    }
  }
  return days;
}

export const CLOSURE_NAME = "Closed";

/** The days shut between two dates, inclusive, by date: bank holidays, and the site's own closures. */
export async function closedDays(from: string, to: string, closures: readonly ClosureRange[]) {
  const closed = new Map((await bankHolidays(from, to)).map((day) => [day.date, day]));
  for (const range of closures) {
    for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
      if (date >= from && date <= to && !closed.has(date)) closed.set(date, { date, name: CLOSURE_NAME });
    }
  }
  return closed;
}

/** Everything the browser needs to say whether the counter is open, from today (London) for CALENDAR_MONTHS. */
export async function openingCalendar(
  site: Site,
  closures: ClosureRange[],
  now = new Date(),
): Promise<OpeningCalendar> {
  const from = londonTime(now).date;
  const end = new Date(`${from}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + CALENDAR_MONTHS);
  const to = end.toISOString().slice(0, 10);
  const closed = await closedDays(from, to, closures);
  return {
    weekly: weeklyHours([site.hours.weekdays, site.hours.saturday]),
    closed: [...closed.values()].sort((a, b) => a.date.localeCompare(b.date)),
    from,
  };
}

let cached: { date: string; calendar: OpeningCalendar } | undefined;

/** The calendar for the process's one configuration, worked out once a day (it takes a few milliseconds). */
export async function todaysOpeningCalendar(site: Site, closures: ClosureRange[], now = new Date()) {
  const date = londonTime(now).date;
  if (cached?.date !== date) cached = { date, calendar: await openingCalendar(site, closures, now) };
  return cached.calendar;
}
