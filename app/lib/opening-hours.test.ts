import { describe, expect, it } from "vitest";
import { defaultSite } from "#app/content/site.ts";
import { bankHolidays, openingCalendar, parseClosures } from "#app/lib/opening-hours.server.ts";
import {
  describeOpenState,
  londonTime,
  type OpeningCalendar,
  openState,
  parseHoursLine,
  specialOpeningHoursSpecification,
} from "#app/lib/opening-hours.ts";

/** The default hours, England & Wales bank holidays and a Christmas shutdown, as the server would send them. */
const calendar: OpeningCalendar = await openingCalendar(
  defaultSite,
  [{ from: "2026-12-24", to: "2027-01-01" }],
  new Date("2026-01-01T12:00:00Z"),
);
const at = (instant: string) => describeOpenState(openState(new Date(instant), calendar));

describe("open now, with fixed clocks (London time)", () => {
  it.each([
    ["a weekday morning (Tue 10:00 BST)", "2026-06-16T09:00:00Z", "Open now · closes 17:00"],
    ["a weekday before opening (Tue 7:45 BST)", "2026-06-16T06:45:00Z", "Closed · opens today 8:30"],
    ["a weekday at opening (Tue 8:30 GMT)", "2026-11-17T08:30:00Z", "Open now · closes 17:00"],
    ["half an hour before closing (Wed 16:30 GMT)", "2026-11-18T16:30:00Z", "Closes in 30 min"],
    ["25 minutes before closing (Wed 16:35 GMT)", "2026-11-18T16:35:00Z", "Closes in 25 min"],
    ["16:59 on a weekday", "2026-06-17T15:59:00Z", "Closes in 1 min"],
    ["17:00 on a weekday", "2026-06-17T16:00:00Z", "Closed · opens Thu 8:30"],
    ["Friday 17:00", "2026-06-19T16:00:00Z", "Closed · opens Sat 9:00"],
    ["Saturday 12:30", "2026-06-20T11:30:00Z", "Closes in 30 min"],
    ["Saturday 10:00", "2026-06-20T09:00:00Z", "Open now · closes 13:00"],
    ["Saturday 13:00", "2026-06-20T12:00:00Z", "Closed · opens Mon 8:30"],
    ["Sunday", "2026-06-21T11:00:00Z", "Closed · opens Mon 8:30"],
    ["Good Friday 2026 (3 April), mid-morning", "2026-04-03T09:00:00Z", "Closed · opens Sat 9:00"],
    ["Thursday before Good Friday, after closing", "2026-04-02T17:00:00Z", "Closed · opens Sat 9:00"],
    ["Easter Monday, opening on Tuesday", "2026-04-06T10:00:00Z", "Closed · opens Tue 8:30"],
    ["Christmas Day 2026 (in the shutdown)", "2026-12-25T10:00:00Z", "Closed · opens Sat 2 Jan 9:00"],
    ["the first day of the closure", "2026-12-24T10:00:00Z", "Closed · opens Sat 2 Jan 9:00"],
    ["the last working day before the closure", "2026-12-23T10:00:00Z", "Open now · closes 17:00"],
  ])("%s", (_label, instant, expected) => {
    expect(at(instant)).toBe(expected);
  });

  it("Christmas Day without a configured closure is a bank holiday too", async () => {
    const plain = await openingCalendar(defaultSite, [], new Date("2026-01-01T12:00:00Z"));
    // Boxing Day 2026 falls on a Saturday: it is shut too, and Monday 28th is the substitute day.
    expect(describeOpenState(openState(new Date("2026-12-25T10:00:00Z"), plain))).toBe("Closed · opens Tue 8:30");
    expect(describeOpenState(openState(new Date("2026-12-26T10:00:00Z"), plain))).toBe("Closed · opens Tue 8:30");
  });

  it("reads London wall-clock time as Intl does, every 30 minutes from 2025 to 2035", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const mismatches: string[] = [];
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2036, 0, 1); time += 30 * 60_000) {
      const instant = new Date(time);
      const p = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]));
      const expected = { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
      const actual = londonTime(instant);
      if (actual.date !== expected.date || actual.minutes !== expected.minutes) mismatches.push(instant.toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  describe("the last Sunday of March (clocks go forward at 01:00 GMT)", () => {
    it("Sunday 29 March 2026 is closed all day", () => {
      expect(at("2026-03-29T00:30:00Z")).toBe("Closed · opens Mon 8:30");
      expect(at("2026-03-29T12:00:00Z")).toBe("Closed · opens Mon 8:30");
    });
    it("Monday opens at 8:30 BST, which is 7:30 UTC", () => {
      expect(londonTime(new Date("2026-03-30T07:30:00Z"))).toEqual({ date: "2026-03-30", minutes: 8 * 60 + 30 });
      expect(at("2026-03-30T07:29:00Z")).toBe("Closed · opens today 8:30");
      expect(at("2026-03-30T07:30:00Z")).toBe("Open now · closes 17:00");
      expect(at("2026-03-30T15:59:00Z")).toBe("Closes in 1 min");
      expect(at("2026-03-30T16:00:00Z")).toBe("Closed · opens Tue 8:30");
    });
    it("Saturday before the change closes at 13:00 GMT", () => {
      expect(at("2026-03-28T12:59:00Z")).toBe("Closes in 1 min");
      expect(at("2026-03-28T13:00:00Z")).toBe("Closed · opens Mon 8:30");
    });
  });

  describe("the last Sunday of October (clocks go back at 02:00 BST)", () => {
    it("Sunday 25 October 2026 is closed, including the repeated hour", () => {
      expect(londonTime(new Date("2026-10-25T00:30:00Z"))).toEqual({ date: "2026-10-25", minutes: 90 });
      expect(londonTime(new Date("2026-10-25T01:30:00Z"))).toEqual({ date: "2026-10-25", minutes: 90 });
      expect(at("2026-10-25T01:30:00Z")).toBe("Closed · opens Mon 8:30");
    });
    it("Monday opens at 8:30 GMT, which is 8:30 UTC", () => {
      expect(at("2026-10-26T07:30:00Z")).toBe("Closed · opens today 8:30");
      expect(at("2026-10-26T08:30:00Z")).toBe("Open now · closes 17:00");
      expect(at("2026-10-26T16:59:00Z")).toBe("Closes in 1 min");
      expect(at("2026-10-26T17:00:00Z")).toBe("Closed · opens Tue 8:30");
    });
    it("Saturday before the change still runs on BST", () => {
      expect(at("2026-10-24T11:30:00Z")).toBe("Closes in 30 min");
      expect(at("2026-10-24T12:00:00Z")).toBe("Closed · opens Mon 8:30");
    });
  });

  it("says only Closed when nothing opens within the look-ahead", () => {
    expect(
      describeOpenState(openState(new Date("2026-06-16T09:00:00Z"), { weekly: [], closed: [], from: "2026-06-16" })),
    ).toBe("Closed");
  });
});

describe("hours and closed days", () => {
  it("reads the identity's hour lines", () => {
    expect(parseHoursLine("Mon-Fri 8:30-17:00")).toEqual({
      days: [1, 2, 3, 4, 5],
      hours: { opens: 510, closes: 1020 },
    });
    expect(parseHoursLine("Sat 9:00-13:00")).toEqual({ days: [6], hours: { opens: 540, closes: 780 } });
    expect(parseHoursLine("By appointment")).toBeUndefined();
    expect(parseHoursLine("Sun-Mon 9:00-12:00")).toEqual({ days: [0, 1], hours: { opens: 540, closes: 720 } });
    expect(parseHoursLine("Mon-Fri 17:00-8:30")).toBeUndefined();
  });

  it("lists the England & Wales bank holidays for the next two years", async () => {
    const days = await bankHolidays("2026-11-22", "2028-11-22");
    expect(days.map((d) => d.date)).toEqual([
      "2026-12-25",
      "2026-12-26",
      "2026-12-28",
      "2027-01-01",
      "2027-03-26",
      "2027-03-29",
      "2027-05-03",
      "2027-05-31",
      "2027-08-30",
      "2027-12-25",
      "2027-12-26",
      "2027-12-27",
      "2027-12-28",
      "2028-01-01",
      "2028-01-03",
      "2028-04-14",
      "2028-04-17",
      "2028-05-01",
      "2028-05-29",
      "2028-08-28",
    ]);
    expect(days.find((d) => d.date === "2027-03-26")?.name).toBe("Good Friday");
  });

  it("the calendar covers at least 24 months ahead and includes closures once", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const { closed, weekly } = await openingCalendar(defaultSite, [{ from: "2026-12-24", to: "2027-01-01" }], now);
    expect((closed.at(-1)?.date ?? "") >= "2028-11-22").toBe(true);
    expect(closed.filter((d) => d.date === "2026-12-25")).toHaveLength(1);
    expect(closed.map((d) => d.date)).toContain("2026-12-31");
    expect(closed.every((d, i) => i === 0 || (closed[i - 1]?.date ?? "") < d.date)).toBe(true);
    expect(weekly[0]).toBeUndefined();
    expect(weekly[6]).toEqual({ opens: 540, closes: 780 });
  });

  it("reads SITE_CLOSURES and explains what it cannot read", () => {
    expect(parseClosures("2026-12-24..2027-01-01, 2027-04-30")).toEqual({
      ranges: [
        { from: "2026-12-24", to: "2027-01-01" },
        { from: "2027-04-30", to: "2027-04-30" },
      ],
    });
    expect(parseClosures("")).toEqual({ ranges: [] });
    expect(parseClosures("2026-13-01")).toMatchObject({ error: expect.stringContaining("2026-13-01") });
    expect(parseClosures("2026-02-30")).toMatchObject({ error: expect.stringContaining("2026-02-30") });
    expect(parseClosures("24/12/2026")).toMatchObject({ error: expect.stringContaining("YYYY-MM-DD") });
    expect(parseClosures("2027-01-01..2026-12-24")).toMatchObject({ error: expect.stringContaining("ends before") });
    expect(parseClosures("2026-01-01..2026-12-31")).toMatchObject({ error: expect.stringContaining("longer than") });
  });
});

describe("structured data for closed days", () => {
  it("lists bank holidays and closures of the next 12 months, consecutive days as one range", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const special = specialOpeningHoursSpecification(
      await openingCalendar(defaultSite, [{ from: "2026-12-24", to: "2027-01-01" }], now),
    );
    expect(special[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      opens: "00:00",
      closes: "00:00",
      validFrom: "2026-12-24",
      validThrough: "2027-01-01",
    });
    expect(special.map((s) => s.validFrom)).toEqual([
      "2026-12-24",
      "2027-03-26",
      "2027-03-29",
      "2027-05-03",
      "2027-05-31",
      "2027-08-30",
    ]);
  });
});
