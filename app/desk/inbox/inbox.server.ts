import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { quoteCategories, urgencies } from "#app/content/quote-request.ts";
import { statusFilters } from "#app/desk/labels.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { compact } from "#app/lib/normalise.ts";
import { addDays } from "#app/lib/opening-hours.ts";
import { rowId } from "#app/lib/row-id.ts";
import { londonMidnight } from "#app/request/chase.server.ts";
import { phoneDigits } from "#app/request/search-keys.ts";
import { inboxPinned, outbox, quoteSearchText, quoteStatusCounts, quotes, staffUser, waitingOnUs } from "#db/schema.ts";
import { openStatuses, type QuoteStatus, quoteStatuses } from "#db/statuses.ts";
import type { Db } from "#db/types.ts";

export const pageSize = 50;

/** "mine": the signed-in person's; "nobody": requests no one has taken yet. */
export const ownerFilters = ["mine", "nobody"] as const;

/** A page link's cursor: pinned flag, creation time as PostgreSQL writes it, id (`cursor` below). */
const cursorPattern =
  /^[01]~(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?~(\d{1,10})$/;

/** A cursor PostgreSQL can read: a time that exists and an id a row can have (otherwise it refuses the query). */
function validCursor(cursor: string) {
  const parts = cursorPattern.exec(cursor);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts
    .slice(1, 9)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const dayExists = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const timeExists = hour < 24 && minute < 60 && second < 60 && offsetHours < 16 && offsetMinutes < 60;
  return dayExists && timeExists && rowId(parts[9]) !== undefined;
}
const cursorField = z
  .string()
  .refine(validCursor, "That page link is broken; start again from the first page")
  .optional();

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(values, { error: message }).optional());

export const inboxQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === "" || value === undefined ? "all" : value),
    z.enum(statusFilters, { error: "Choose a status from the list" }),
  ),
  urgency: optionalChoice(
    urgencies.map((u) => u.value) as unknown as readonly [string, ...string[]],
    "Choose an urgency from the list",
  ),
  owner: optionalChoice(ownerFilters, "Choose whose requests to show"),
  category: optionalChoice(
    quoteCategories.map((c) => c.value) as unknown as readonly [string, ...string[]],
    "Choose a category from the list",
  ),
  q: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .max(100, "Search for at most 100 characters")
      .refine((value) => searchWords(value).length > 0, "Search for at least 3 letters or digits")
      .optional(),
  ),
  after: cursorField,
  before: cursorField,
});

export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** Words of 3 or more characters: shorter ones cannot use the trigram index and match almost everything. */
export function searchWords(q: string) {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 3)
    .slice(0, 5);
}

/** Reads the inbox's search parameters; field messages for anything that is not one of the choices. */
export function parseInboxQuery(params: URLSearchParams) {
  const raw = Object.fromEntries(
    ["status", "owner", "urgency", "category", "q", "after", "before"].map((k) => [k, params.get(k) ?? undefined]),
  );
  const parsed = inboxQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true as const, query: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false as const, errors };
}

const likeEscape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter as SQL for the person looking; the same for the inbox's pages and the CSV export. */
export function inboxConditions(query: Omit<InboxQuery, "after" | "before">, staffId: string, now = new Date()) {
  const conditions: SQL[] = [isNull(quotes.mergedIntoId)];
  if (query.owner === "mine") conditions.push(eq(quotes.ownerId, staffId));
  else if (query.owner === "nobody") conditions.push(isNull(quotes.ownerId));
  if (query.status === "all") conditions.push(ne(quotes.status, "spam"));
  else if (query.status === "open") conditions.push(inArray(quotes.status, openStatuses));
  else if (query.status === "waiting") conditions.push(waitingOnUs(quotes), ne(quotes.status, "spam"));
  else if (query.status === "chase") conditions.push(toChase(now));
  else conditions.push(eq(quotes.status, query.status));
  if (query.urgency) conditions.push(eq(quotes.urgency, query.urgency));
  if (query.category) conditions.push(eq(quotes.category, query.category));
  const text = quoteSearchText(quotes);
  const like = (word: string) => sql`${text} like ${`%${likeEscape(word)}%`}`;
  const digits = query.q ? phoneDigits(query.q) : "";
  if (query.q && digits.length >= 6 && /^[\d\s()+.-]+$/.test(query.q)) {
    // A phone number, however it is spaced or prefixed: compared as national digits (see searchKeys).
    conditions.push(or(like(query.q.trim().toLowerCase()), like(digits)) as SQL);
  } else {
    for (const word of query.q ? searchWords(query.q) : []) {
      // A part number typed with other separators ("6205/2RS") meets its compacted key ("62052rs").
      const compacted = compact(word);
      conditions.push(
        compacted.length >= 3 && compacted !== word ? (or(like(word), like(compacted)) as SQL) : like(word),
      );
    }
  }
  return conditions;
}

const pinned = inboxPinned(quotes);

/** Quoted, and the next contact with the buyer is due by the end of today (UK time). */
const toChase = (now: Date) =>
  and(eq(quotes.status, "quoted"), lt(quotes.nextContactAt, londonMidnight(addDays(londonDay(now), 1)))) as SQL;

/** A column of the outer `quotes` row, named in full: in a query without joins Drizzle leaves column names
 * bare, and inside a subquery a bare name would be the inner table's. */
export const quotesColumn = (name: string) => sql`${quotes}.${sql.identifier(name)}`;

export const inboxColumns = {
  id: quotes.id,
  reference: quotes.reference,
  createdAt: quotes.createdAt,
  customerName: quotes.customerName,
  company: quotes.company,
  category: quotes.category,
  urgency: quotes.urgency,
  status: quotes.status,
  spamReasons: quotes.spamReasons,
  firstReplyAt: quotes.firstReplyAt,
  customerRepliedAt: quotes.customerRepliedAt,
  // A subquery, not a join: with a join the planner misjudges a keyset page (it guesses one row past the
  // cursor) and hashes the whole table; this way every page reads its 51 index entries and nothing more.
  ownerName: sql<
    string | null
  >`(select ${staffUser.name} from ${staffUser} where ${staffUser.id} = ${quotesColumn("owner_id")})`,
  // Exact to the microsecond (a JavaScript Date is not), so the next page starts exactly after this row.
  cursor: sql<string>`(case when ${pinned} then '1' else '0' end) || '~' || ${quotes.createdAt}::text || '~' || ${quotes.id}`,
};

function parseCursor(cursor: string) {
  const [flag, at, id] = cursor.split("~");
  return sql`(${flag === "1"}::boolean, ${at}::timestamptz, ${Number(id)}::integer)`;
}

/**
 * One page of the inbox: open emergencies first, then newest first, by keyset (never OFFSET), so the
 * thousandth page costs what the first does.
 */
export async function inboxPage(db: Db, query: InboxQuery, staffId: string, now = new Date()) {
  const conditions = inboxConditions(query, staffId, now);
  const row = sql`(${pinned}, ${quotes.createdAt}, ${quotes.id})`;
  const backwards = Boolean(query.before && !query.after);
  if (query.after) conditions.push(sql`${row} < ${parseCursor(query.after)}`);
  else if (query.before) conditions.push(sql`${row} > ${parseCursor(query.before)}`);
  const order = backwards
    ? [asc(pinned), asc(quotes.createdAt), asc(quotes.id)]
    : [desc(pinned), desc(quotes.createdAt), desc(quotes.id)];
  const rows = await db
    .select(inboxColumns)
    .from(quotes)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(pageSize + 1);
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (backwards) page.reverse();
  return {
    rows: page,
    newer: (backwards ? more : Boolean(query.after)) ? page[0]?.cursor : undefined,
    older: (backwards ? true : more) ? page.at(-1)?.cursor : undefined,
  };
}

export type InboxRow = Awaited<ReturnType<typeof inboxPage>>["rows"][number];

/**
 * How many requests are in each status, for the tabs at the top (kept by triggers, see quoteStatusCounts),
 * and how many are waiting on us and to chase (each from its own small index).
 */
export async function statusCounts(db: Db, now = new Date()) {
  const [rows, [waiting], [chase]] = await Promise.all([
    db.select().from(quoteStatusCounts),
    db
      .select({ n: count() })
      .from(quotes)
      .where(and(waitingOnUs(quotes), ne(quotes.status, "spam"), isNull(quotes.mergedIntoId))),
    db
      .select({ n: count() })
      .from(quotes)
      .where(and(toChase(now), isNull(quotes.mergedIntoId))),
  ]);
  const counts = Object.fromEntries(quoteStatuses.map((s) => [s, 0])) as Record<QuoteStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as QuoteStatus] = row.count;
  return { ...counts, waiting: waiting?.n ?? 0, chase: chase?.n ?? 0 };
}

/** A notification is a worry when it has failed for good, failed at least once, or waited over 15 minutes. */
export const stuckAfterMinutes = 15;

export async function notificationHealth(db: Db) {
  const troubled = and(
    inArray(outbox.status, ["pending", "failed"]),
    or(
      eq(outbox.status, "failed"),
      sql`${outbox.attempts} > 0`,
      lt(outbox.createdAt, sql`now() - make_interval(mins => ${stuckAfterMinutes})`),
    ),
  );
  const [summary] = await db.select({ n: count() }).from(outbox).where(troubled);
  if (!summary || summary.n === 0) return null;
  const [oldest] = await db
    .select({ createdAt: outbox.createdAt, reference: quotes.reference })
    .from(outbox)
    .leftJoin(quotes, eq(outbox.quoteId, quotes.id))
    .where(troubled)
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(1);
  return { count: summary.n, oldestAt: oldest?.createdAt ?? null, oldestReference: oldest?.reference ?? null };
}
