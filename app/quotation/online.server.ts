import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { londonDay } from "#app/lib/london-time.ts";
import { canMove } from "#app/request/status.ts";
import { quotationLinks, quotationResponses } from "#db/quotation-online-schema.ts";
import { quotations, quotes } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

// A sent revision's page online (/q/<token>): the link in its e-mail, what the page may show, and when
// the buyer opened it.

/** 32 random bytes, base64url: 256 bits, never stored as such. */
export const linkTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** How long a link keeps answering after the quotation's validity: the buyer can still read what they were offered. */
export const linkDaysAfterValidity = 90;

export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Makes a link to the revision for one e-mail. Each call makes a new token (only its hash is kept, so an
 * earlier one cannot be written again) and keeps the earlier ones answering: the outbox calls this on every
 * attempt, and an attempt that timed out may still have reached the buyer, as the quotation e-mail did
 * before a chaser.
 */
export async function issueQuotationLink(db: Db, quotationId: number, validUntil: string, siteUrl: string) {
  const token = randomBytes(32).toString("base64url");
  // Midnight in London at the end of the last day the link answers.
  const expiresAt = sql`((${validUntil}::date + ${linkDaysAfterValidity + 1}::int)::timestamp at time zone 'Europe/London')`;
  await db.insert(quotationLinks).values({ quotationId, tokenHash: hashLinkToken(token), expiresAt });
  return new URL(`/q/${token}`, siteUrl).href;
}

/** The revision a live token opens, with its request; undefined for a wrong, malformed or expired token. */
export async function findByToken(db: Db | Tx, token: string, now: Date) {
  if (!linkTokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ link: quotationLinks, quotation: quotations, quote: quotes })
    .from(quotationLinks)
    .innerJoin(quotations, eq(quotationLinks.quotationId, quotations.id))
    .innerJoin(quotes, eq(quotations.quoteId, quotes.id))
    .where(and(eq(quotationLinks.tokenHash, hashLinkToken(token)), gt(quotationLinks.expiresAt, now)));
  const content = row?.quotation.content;
  const revision = row?.quotation.revision;
  if (!row || !content || revision === null || revision === undefined) return undefined;
  const [response] = await db
    .select()
    .from(quotationResponses)
    .where(eq(quotationResponses.quotationId, row.quotation.id));
  const [newer] = await db
    .select({ revision: quotations.revision })
    .from(quotations)
    .where(and(eq(quotations.quoteId, row.quote.id), isNotNull(quotations.revision), gt(quotations.revision, revision)))
    .orderBy(desc(quotations.revision))
    .limit(1);
  return {
    ...row,
    content,
    revision,
    response,
    newerRevision: newer?.revision ? `${row.quote.reference}/${newer.revision}` : undefined,
  };
}

export type OpenedQuotation = NonNullable<Awaited<ReturnType<typeof findByToken>>>;

/** Where a revision stands for the buyer: answered, or why it can no longer be answered, or open. */
export type Standing =
  /** `confirmed`: the desk has confirmed the order the buyer accepted (the request is Won). */
  | { kind: "answered"; answer: "accepted" | "declined"; confirmed: boolean }
  | { kind: "superseded"; newer: string }
  | { kind: "closed" }
  | { kind: "expired"; validUntil: string }
  | { kind: "open" };

export function standingOf(found: OpenedQuotation, now: Date): Standing {
  if (found.response)
    return { kind: "answered", answer: found.response.answer, confirmed: found.quote.status === "won" };
  if (found.newerRevision) return { kind: "superseded", newer: found.newerRevision };
  const { status, mergedIntoId } = found.quote;
  // Open to an answer exactly while the transition table lets the buyer move the request.
  if (mergedIntoId !== null || !canMove(status, "accepted", "buyer online")) return { kind: "closed" };
  if (found.content.validUntil < londonDay(now)) return { kind: "expired", validUntil: found.content.validUntil };
  return { kind: "open" };
}

/** The buyer opened the page: the first time is kept, the last one moves. */
export async function recordView(db: Db, linkId: number, at: Date) {
  await db
    .update(quotationLinks)
    .set({
      firstViewedAt: sql`coalesce(${quotationLinks.firstViewedAt}, ${at.toISOString()}::timestamptz)`,
      lastViewedAt: at,
    })
    .where(eq(quotationLinks.id, linkId));
}

/** Each sent revision's views (by any of its links) and answer, for the desk's request page. */
export async function onlineStates(db: Db, quoteId: number) {
  const views = db
    .select({
      quotationId: quotationLinks.quotationId,
      firstViewedAt: sql<Date | null>`min(${quotationLinks.firstViewedAt})`
        .mapWith(quotationLinks.firstViewedAt)
        .as("first_viewed_at"),
      lastViewedAt: sql<Date | null>`max(${quotationLinks.lastViewedAt})`
        .mapWith(quotationLinks.lastViewedAt)
        .as("last_viewed_at"),
    })
    .from(quotationLinks)
    .groupBy(quotationLinks.quotationId)
    .as("views");
  return db
    .select({
      quotationId: quotations.id,
      revision: quotations.revision,
      netPence: quotations.netPence,
      firstViewedAt: views.firstViewedAt,
      lastViewedAt: views.lastViewedAt,
      response: quotationResponses,
    })
    .from(quotations)
    .leftJoin(views, eq(views.quotationId, quotations.id))
    .leftJoin(quotationResponses, eq(quotationResponses.quotationId, quotations.id))
    .where(and(eq(quotations.quoteId, quoteId), isNotNull(quotations.revision)))
    .orderBy(desc(quotations.revision));
}
