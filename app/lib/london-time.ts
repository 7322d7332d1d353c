/**
 * The business keeps UK time: every date and time the site, the desk, the e-mails, the PDFs and the CSV show
 * or file by is Europe/London wall-clock time, and every such formatter is here. (The open-now line works
 * out London time in the browser by its own small rule: see opening-hours.ts.)
 */
// Each formatter is made on first use: building one with a time zone costs milliseconds (the zone's rules are
// loaded), which a page that never formats a date should not pay while it starts.
const london = (options: Intl.DateTimeFormatOptions) => {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => {
    formatter ??= new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", ...options });
    return formatter;
  };
};

const numeric = london({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dateTime = london({ day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const timeOnly = london({ hour: "2-digit", minute: "2-digit" });
const longDate = london({ dateStyle: "long" });
const fullDateTime = london({ dateStyle: "full", timeStyle: "long" });

/** The UK calendar day and clock of an instant, two digits each (four for the year). */
export function londonParts(value: Date) {
  const part = Object.fromEntries(
    numeric()
      .formatToParts(value)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: part.year ?? "",
    month: part.month ?? "",
    day: part.day ?? "",
    hour: part.hour ?? "",
    minute: part.minute ?? "",
  };
}

/** The UK day as YYYY-MM-DD (today when no instant is given). */
export function londonDay(value = new Date()) {
  const { year, month, day } = londonParts(value);
  return `${year}-${month}-${day}`;
}

/** "2026-11-24 13:21": UK time that spreadsheets read as a date and time. */
export function spreadsheetTime(value: Date) {
  const { hour, minute } = londonParts(value);
  return `${londonDay(value)} ${hour}:${minute}`;
}

/** "24 Nov 2026, 13:21". */
export const formatDateTime = (value: Date | string) => dateTime().format(new Date(value));

/** As formatDateTime, but today's times without the date ("Today 13:21"). */
export function formatWhen(value: Date | string, now: Date) {
  const date = new Date(value);
  return londonDay(date) === londonDay(now) ? `Today ${timeOnly().format(date)}` : dateTime().format(date);
}

/** "24 November 2026", for a day given as YYYY-MM-DD. */
export const formatDay = (isoDay: string) => longDate().format(new Date(`${isoDay}T12:00:00Z`));

/** "Tuesday 24 November 2026 at 13:21:05 GMT": a notification's moment of receipt, beyond doubt. */
export const formatFullDateTime = (value: Date) => fullDateTime().format(value);

/** The first moment of this month in UK time (00:00 there is 00:00 or 23:00 the day before in UTC). */
export function monthStart(now = new Date()) {
  const { year, month } = londonParts(now);
  for (const offset of [0, 1]) {
    const candidate = new Date(Date.UTC(Number(year), Number(month) - 1, 1, 0 - offset));
    const there = londonParts(candidate);
    if (there.day === "01" && there.hour === "00") return candidate;
  }
  return new Date(Date.UTC(Number(year), Number(month) - 1, 1));
}
