import { londonParts, monthStart } from "#app/lib/london-time.ts";
import { type LostReason, lostReasons } from "#db/statuses.ts";

// The month's figures from the rows the database adds up (figures.server.ts): one row per owner and one for
// the whole team in each of received, quoted and closed. Here they are put together and the rates worked out.

/** A month as YYYY-MM, UK time (from 2000: a two-digit year would be read as the 1900s). */
export const monthPattern = /^(2\d{3})-(0[1-9]|1[0-2])$/;

/** The month `now` falls in, as YYYY-MM (UK time). */
export function monthOf(now: Date) {
  const { year, month } = londonParts(now);
  return `${year}-${month}`;
}

/** The month of figures asked for (`?month=YYYY-MM`, this month when not given), or why it cannot be shown. */
export function askedMonth(asked: string | null, now: Date) {
  const current = monthOf(now);
  if (asked === null || asked === "") return { ok: true as const, month: current };
  if (!monthPattern.test(asked))
    return { ok: false as const, message: `Give the month of the figures as YYYY-MM, like ${current}.` };
  if (asked > current)
    return { ok: false as const, message: `That month has not begun: the latest figures are ${current}'s.` };
  return { ok: true as const, month: asked };
}

/** The first moment of a month (YYYY-MM) and of the month after, in UK time. */
export function monthBounds(month: string) {
  const [, year, number] = monthPattern.exec(month) ?? [];
  if (!year || !number) throw new Error(`Not a month: ${month}`);
  // Mid-month noon is in the month whatever the clocks do, so monthStart finds its first moment.
  const inMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 15, 12));
  return {
    since: monthStart(inMonth(Number(year), Number(number) - 1)),
    until: monthStart(inMonth(Number(year), Number(number))),
  };
}

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string) {
  const { since } = monthBounds(month);
  return monthOf(new Date(since.getTime() - 12 * 60 * 60 * 1000));
}

type Numeric = number | string | null;
type Keyed = { ownerId: string | null; ownerName: string | null; team: boolean };
export type ReceivedRow = Keyed & { received: number; replied: number; median: Numeric; p90: Numeric };
export type QuotedRow = Keyed & { quoted: number; quotedPence: Numeric };
export type ClosedRow = Keyed & {
  won: number;
  lost: number;
  expired: number;
  wonPence: Numeric;
  lostPence: Numeric;
  quoteToOrder: Numeric;
};

export type PersonFigures = {
  /** Null for the requests nobody has taken (and for the team's row). */
  ownerId: string | null;
  name: string;
  received: number;
  replied: number;
  unanswered: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  /** Requests whose latest revision was sent this month: each counted once, however many revisions it had. */
  quotationsSent: number;
  /** The net of those latest revisions. */
  quotedPence: number;
  won: number;
  lost: number;
  expired: number;
  /** The confirmed orders' net value. */
  wonPence: number;
  /** Won out of won, lost and expired closed this month; null when none was closed. */
  winRate: number | null;
  /** Won value out of the value won, lost and expired (a loss counted at its latest quotation's net). */
  winRateByValue: number | null;
  /** Median time from a request's first quotation to its order, for orders won with a quotation. */
  quoteToOrderSeconds: number | null;
};

const number = (value: Numeric) => (value === null ? null : Number(value));
const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function person(
  key: Keyed,
  received: ReceivedRow | undefined,
  quoted: QuotedRow | undefined,
  closed: ClosedRow | undefined,
): PersonFigures {
  const won = closed?.won ?? 0;
  const lost = closed?.lost ?? 0;
  const expired = closed?.expired ?? 0;
  const wonPence = number(closed?.wonPence ?? null) ?? 0;
  const lostPence = number(closed?.lostPence ?? null) ?? 0;
  return {
    ownerId: key.team ? null : key.ownerId,
    name: key.team ? "Team" : (key.ownerName ?? "Nobody"),
    received: received?.received ?? 0,
    replied: received?.replied ?? 0,
    unanswered: (received?.received ?? 0) - (received?.replied ?? 0),
    medianSeconds: number(received?.median ?? null),
    p90Seconds: number(received?.p90 ?? null),
    quotationsSent: quoted?.quoted ?? 0,
    quotedPence: number(quoted?.quotedPence ?? null) ?? 0,
    won,
    lost,
    expired,
    wonPence,
    winRate: rate(won, won + lost + expired),
    winRateByValue: rate(wonPence, wonPence + lostPence),
    quoteToOrderSeconds: number(closed?.quoteToOrder ?? null),
  };
}

/** The team's figures and each person's (busiest first, requests nobody has taken last), and why sales were lost. */
export function assembleFigures(rows: {
  received: ReceivedRow[];
  quoted: QuotedRow[];
  closed: ClosedRow[];
  reasons: { reason: string | null; count: number }[];
}) {
  const keyOf = (row: Keyed) => (row.team ? "team" : `owner:${row.ownerId ?? ""}`);
  const keys = new Map<string, Keyed>();
  for (const row of [...rows.received, ...rows.quoted, ...rows.closed]) keys.set(keyOf(row), row);
  const find = <T extends Keyed>(list: T[], key: string) => list.find((row) => keyOf(row) === key);
  const figures = (key: string, keyed: Keyed) =>
    person(keyed, find(rows.received, key), find(rows.quoted, key), find(rows.closed, key));
  const team = figures("team", { ownerId: null, ownerName: null, team: true });
  const people = [...keys]
    .filter(([key]) => key !== "team")
    .map(([key, keyed]) => figures(key, keyed))
    .sort(
      (a, b) =>
        Number(a.ownerId === null) - Number(b.ownerId === null) ||
        b.received + b.quotationsSent - (a.received + a.quotationsSent) ||
        a.name.localeCompare(b.name),
    );
  const lostReasonCounts = Object.fromEntries(lostReasons.map((reason) => [reason, 0])) as Record<LostReason, number>;
  for (const { reason, count } of rows.reasons) {
    const known = (lostReasons as readonly string[]).includes(reason ?? "") ? (reason as LostReason) : "other";
    lostReasonCounts[known] += count;
  }
  return { ...team, people, lostReasons: lostReasonCounts };
}
