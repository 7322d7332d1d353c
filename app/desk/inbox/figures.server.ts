import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { assembleFigures, monthBounds, monthOf } from "#app/desk/inbox/figures.ts";
import { quotations, quotes, staffUser } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

// A month's figures, UK time, for the team and per person (a request's current owner), added up by the
// database. Decided: a request's quoted value counts once, in the month its latest revision was sent, at
// that revision's net; so a revision sent next month moves the request's value there, and the months add
// up to every request quoted. What was won counts in the month it was closed, at the confirmed order value
// (a phone order won without a quotation counts its value won and nothing quoted).

const perPerson = sql`grouping sets ((${quotes.ownerId}, ${staffUser.name}), ())`;
const keyed = {
  ownerId: quotes.ownerId,
  ownerName: staffUser.name,
  team: sql<boolean>`grouping(${quotes.ownerId}) = 1`,
};
const counted = and(isNull(quotes.mergedIntoId), ne(quotes.status, "spam"));

/**
 * Requests received in the month and their time to first reply: a request still unanswered counts with its
 * age at `now`, so ignoring one never improves the figure.
 */
function received(db: Db, since: Date, until: Date, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const replySeconds = sql`extract(epoch from coalesce(${quotes.firstReplyAt}, ${at}) - ${quotes.createdAt})`;
  return db
    .select({
      ...keyed,
      received: sql<number>`count(*)::int`,
      replied: sql<number>`count(${quotes.firstReplyAt})::int`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${replySeconds})`,
      p90: sql<number | null>`percentile_cont(0.9) within group (order by ${replySeconds})`,
    })
    .from(quotes)
    .leftJoin(staffUser, eq(staffUser.id, quotes.ownerId))
    .where(and(gte(quotes.createdAt, since), lt(quotes.createdAt, until), counted))
    .groupBy(perPerson);
}

/** Requests whose latest sent revision went in the month, at that revision's net. */
function quoted(db: Db, since: Date, until: Date) {
  return db
    .select({
      ...keyed,
      quoted: sql<number>`count(*)::int`,
      quotedPence: sql<string | null>`sum(${quotations.netPence})`,
    })
    .from(quotations)
    .innerJoin(quotes, eq(quotes.id, quotations.quoteId))
    .leftJoin(staffUser, eq(staffUser.id, quotes.ownerId))
    .where(
      and(
        isNotNull(quotations.revision),
        gte(quotations.queuedAt, since),
        lt(quotations.queuedAt, until),
        counted,
        sql`not exists (select 1 from ${quotations} as "later" where "later"."quote_id" = ${quotations.quoteId} and "later"."revision" > ${quotations.revision})`,
      ),
    )
    .groupBy(perPerson);
}

const quotesId = sql`${quotes}.${sql.identifier("id")}`;
const latestNet = sql`(select ${quotations.netPence} from ${quotations} where ${quotations.quoteId} = ${quotesId} and ${quotations.revision} is not null order by ${quotations.revision} desc limit 1)`;
const firstSent = sql`(select min(${quotations.queuedAt}) from ${quotations} where ${quotations.quoteId} = ${quotesId} and ${quotations.revision} is not null)`;
const closedIn = (since: Date, until: Date) =>
  and(gte(quotes.closedAt, since), lt(quotes.closedAt, until), isNull(quotes.mergedIntoId));

/** Requests closed in the month: won at the order's value, lost or expired at their latest quotation's net. */
function closed(db: Db, since: Date, until: Date) {
  return db
    .select({
      ...keyed,
      won: sql<number>`count(*) filter (where ${quotes.status} = 'won')::int`,
      lost: sql<number>`count(*) filter (where ${quotes.status} = 'lost')::int`,
      expired: sql<number>`count(*) filter (where ${quotes.status} = 'expired')::int`,
      wonPence: sql<string | null>`sum(${quotes.wonValuePence}) filter (where ${quotes.status} = 'won')`,
      lostPence: sql<string | null>`sum(${latestNet}) filter (where ${quotes.status} <> 'won')`,
      quoteToOrder: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${quotes.closedAt} - ${firstSent})) filter (where ${quotes.status} = 'won')`,
    })
    .from(quotes)
    .leftJoin(staffUser, eq(staffUser.id, quotes.ownerId))
    .where(and(closedIn(since, until), inArray(quotes.status, ["won", "lost", "expired"])))
    .groupBy(perPerson);
}

function reasons(db: Db, since: Date, until: Date) {
  return db
    .select({ reason: quotes.lostReason, count: sql<number>`count(*)::int` })
    .from(quotes)
    .where(and(closedIn(since, until), eq(quotes.status, "lost")))
    .groupBy(quotes.lostReason);
}

/** The figures of `month` (YYYY-MM, UK time; the month of `now` when not given). */
export async function computeMonthFigures(db: Db, now = new Date(), month = monthOf(now)) {
  const { since, until } = monthBounds(month);
  const [receivedRows, quotedRows, closedRows, reasonRows] = await Promise.all([
    received(db, since, until, now),
    quoted(db, since, until),
    closed(db, since, until),
    reasons(db, since, until),
  ]);
  return {
    month,
    since,
    ...assembleFigures({ received: receivedRows, quoted: quotedRows, closed: closedRows, reasons: reasonRows }),
  };
}

export type MonthFigures = Awaited<ReturnType<typeof computeMonthFigures>>;

const figuresCache = new WeakMap<Db, { at: number; value: Promise<MonthFigures> }>();
/** The month's figures move slowly; a minute-old answer is shown while a fresh one is worked out. */
export const figuresMaxAgeMs = 60_000;

/** A change that moves the figures (a status, a quotation sent): this process works them out afresh. */
export function forgetMonthFigures(db: Db) {
  figuresCache.delete(db);
}

/** This month's figures, at most a minute old, never making a page wait once they have been worked out. */
export function monthFigures(db: Db) {
  const cached = figuresCache.get(db);
  const fresh = () => {
    const value = computeMonthFigures(db);
    value.catch(() => figuresCache.delete(db));
    return value;
  };
  if (!cached) {
    const value = fresh();
    figuresCache.set(db, { at: Date.now(), value });
    return value;
  }
  if (Date.now() - cached.at > figuresMaxAgeMs) {
    const next = fresh();
    figuresCache.set(db, { at: Date.now(), value: cached.value });
    next.then((value) => figuresCache.set(db, { at: Date.now(), value: Promise.resolve(value) })).catch(() => {});
  }
  return cached.value;
}
