import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import { defaultQuotationEmail } from "#app/content/quotation.ts";
import type { Config } from "#app/lib/env.server.ts";
import { formatDay, londonDay } from "#app/lib/london-time.ts";
import { mailDomain } from "#app/lib/mail-text.ts";
import {
  type CheckedQuotation,
  type Draft,
  draftFromStored,
  emptyLine,
  fillPlaceholders,
  startingWordsFor,
} from "#app/quotation/draft.ts";
import { penceToText } from "#app/quotation/money.ts";
import { lineFromBuyer } from "#app/quotation/prefill.ts";
import { priceHistory } from "#app/quotation/unusual.ts";
import { setNextContact } from "#app/request/chase.server.ts";
import { buyerAnswered, firstReplyLeft, moveStatus } from "#app/request/lifecycle.server.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { outboxEntry } from "#db/outbox-payloads.ts";
import { outbox, quotations, quoteEvents, quoteLines, quotes, savedReplies } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

export type QuoteRow = Pick<typeof quotes.$inferSelect, "id" | "reference" | "customerName" | "company" | "status">;

function addDays(isoDay: string, days: number) {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The request's quotations: sent revisions newest first, then the draft if there is one. */
export async function quotationsOf(db: Db, quoteId: number) {
  return db
    .select()
    .from(quotations)
    .where(eq(quotations.quoteId, quoteId))
    .orderBy(sql`${quotations.revision} desc nulls first`);
}

/**
 * The draft to edit: the saved one, else a new one started from the latest sent revision (prices and
 * all) or, for a first quotation, from the buyer's parts list; defaults from configuration.
 */
export async function currentDraft(db: Db, quoteId: number, config: Pick<Config, "quotation">): Promise<Draft> {
  const [saved] = await db
    .select({ draft: quotations.draft, revision: quotations.revision })
    .from(quotations)
    .where(eq(quotations.quoteId, quoteId))
    .orderBy(sql`${quotations.revision} desc nulls first`)
    .limit(1);
  const today = londonDay();
  // The team's saved reply called "Quotation" starts the e-mail, when they keep one.
  const [savedReply] = await db
    .select({ subject: savedReplies.subject, body: savedReplies.body })
    .from(savedReplies)
    .where(eq(savedReplies.title, "Quotation"));
  const words = savedReply ? { subject: savedReply.subject, message: savedReply.body } : defaultQuotationEmail;
  const fresh = {
    validUntil: addDays(today, config.quotation.validityDays),
    ...startingWordsFor(words, saved?.revision != null),
  };
  if (saved?.revision === null) return draftFromStored(saved.draft, config.quotation);
  if (saved) return { ...draftFromStored(saved.draft, config.quotation), ...fresh };
  const lines = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  return {
    lines: lines.length ? lines.map((line) => emptyLine(lineFromBuyer(line))) : [emptyLine()],
    delivery: penceToText(0),
    paymentTerms: config.quotation.paymentTerms,
    deliveryTerms: config.quotation.deliveryTerms,
    buyerReference: "",
    deliveryAddress: "",
    vatRate: config.quotation.vatRate,
    ...fresh,
  };
}

/** The prices this request was quoted before, to ask about a new one far from them (unusual.ts). */
export async function earlierPrices(db: Db, quote: { id: number; reference: string }) {
  const rows = await db
    .select({ revision: quotations.revision, content: quotations.content })
    .from(quotations)
    .where(and(eq(quotations.quoteId, quote.id), isNotNull(quotations.revision)))
    .orderBy(asc(quotations.revision));
  return priceHistory(
    rows.map((row) => ({ revision: `${quote.reference}/${row.revision}`, lines: row.content?.lines ?? [] })),
  );
}

/** What the editor saw of the draft when it was opened: when it was last saved, or "none" yet. */
export async function draftStamp(db: Db, quoteId: number) {
  const [row] = await db
    .select({ updatedAt: quotations.updatedAt })
    .from(quotations)
    .where(and(eq(quotations.quoteId, quoteId), isNull(quotations.revision)));
  return row ? row.updatedAt.toISOString() : "none";
}

export type DraftSave = { saved: true } | { saved: false; byName: string | null; at: Date; sent: boolean };

/**
 * Keeps the draft as typed, unless someone saved (or sent) it after the editor was opened (`seen`, from
 * draftStamp): then nothing is written and the answer names them, so two people pricing one request never
 * overwrite each other's work without knowing.
 */
export async function saveDraft(db: Db, quoteId: number, draft: Draft, seen: string, actor: Actor): Promise<DraftSave> {
  return db.transaction(async (tx) => {
    // The request's row is the lock: a first draft has no row of its own to lock yet.
    await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, quoteId)).for("update");
    const [latest] = await tx
      .select()
      .from(quotations)
      .where(eq(quotations.quoteId, quoteId))
      .orderBy(sql`${quotations.revision} desc nulls first`)
      .limit(1);
    const current = latest?.revision === null ? latest.updatedAt.toISOString() : "none";
    if (current !== seen) {
      const sentSince = latest && latest.revision !== null && seen !== "none";
      return {
        saved: false as const,
        byName: (sentSince ? latest.sentByName : latest?.updatedByName) ?? null,
        at: (sentSince ? latest.queuedAt : latest?.updatedAt) ?? new Date(),
        sent: Boolean(sentSince),
      };
    }
    await tx
      .insert(quotations)
      .values({ quoteId, draft, updatedByName: actor.name })
      .onConflictDoUpdate({
        target: quotations.quoteId,
        targetWhere: isNull(quotations.revision),
        set: { draft, updatedAt: sql`now()`, updatedByName: actor.name },
      });
    return { saved: true as const };
  });
}

/**
 * Sends the quotation: it becomes the next revision (reference/1, /2 …), fixed from now on, with the
 * placeholders filled; its e-mail is queued in the same transaction; an open request becomes Quoted.
 * Runs inside applyChange, so a stale page cannot send.
 */
export async function sendQuotation(
  tx: Tx,
  quote: QuoteRow,
  draft: Draft,
  checked: CheckedQuotation,
  actor: Actor & { email: string },
  site: { email: string },
  cc: string[] = [],
  /** The day to chase the buyer (app/request/chase.server.ts), when known. */
  nextContactDay?: string,
) {
  const [last] = await tx
    .select({ revision: max(quotations.revision) })
    .from(quotations)
    .where(eq(quotations.quoteId, quote.id));
  const revision = (last?.revision ?? 0) + 1;
  const values = {
    name: quote.customerName,
    reference: quote.reference,
    revision: `${quote.reference}/${revision}`,
    previous: revision > 1 ? `${quote.reference}/${revision - 1}` : "",
    validUntil: formatDay(checked.validUntil),
    company: quote.company ?? "",
  };
  const content = {
    ...checked,
    subject: fillPlaceholders(checked.subject, values),
    message: fillPlaceholders(checked.message, values),
    sender: { name: actor.name ?? actor.email, email: actor.email },
  };
  const domain = mailDomain(site.email);
  const sent = {
    revision,
    draft,
    content,
    netPence: checked.netPence,
    vatPence: checked.vatPence,
    grossPence: checked.grossPence,
    messageId: `<${quote.reference}.${revision}.${randomBytes(6).toString("hex")}@${domain}>`,
    cc,
    sentBy: actor.id,
    sentByName: actor.name,
    queuedAt: sql`now()`,
    updatedAt: sql`now()`,
  };
  const [updated] = await tx
    .update(quotations)
    .set(sent)
    .where(and(eq(quotations.quoteId, quote.id), isNull(quotations.revision)))
    .returning({ id: quotations.id });
  const [row] = updated
    ? [updated]
    : await tx
        .insert(quotations)
        .values({ quoteId: quote.id, ...sent })
        .returning({ id: quotations.id });
  if (!row) throw new Error("The quotation was not stored");
  await tx
    .insert(outbox)
    .values({ quoteId: quote.id, kind: "quotation", payload: { reference: quote.reference, quotationId: row.id } });
  await tx.insert(quoteEvents).values(
    timelineEvent(quote.id, actor, "quotation", {
      revision: `${quote.reference}/${revision}`,
      grossPence: checked.grossPence,
      ...(cc.length > 0 ? { cc } : {}),
    }),
  );
  await buyerAnswered(tx, quote.id);
  await moveStatus(tx, quote.id, "quoted", { actor, by: "quotation" });
  if (nextContactDay) await setNextContact(tx, quote.id, nextContactDay);
  return { revision: `${quote.reference}/${revision}`, quotationId: row.id };
}

/**
 * The quotation's e-mail has left: its time is kept, and it is the request's first reply if nothing was
 * sent before (a mailto: click no longer counts; see ADR 0015).
 */
export async function quotationDelivered(db: Db, quotationId: number, at: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotations)
      .set({ sentAt: at })
      .where(and(eq(quotations.id, quotationId), isNull(quotations.sentAt)))
      .returning({ quoteId: quotations.quoteId });
    if (row) await firstReplyLeft(tx, row.quoteId, at);
  });
}

/** A sent revision, for its PDF and its e-mail. */
export async function sentQuotation(db: Db, quotationId: number) {
  const [row] = await db
    .select({ quotation: quotations, quote: quotes })
    .from(quotations)
    .innerJoin(quotes, eq(quotations.quoteId, quotes.id))
    .where(and(eq(quotations.id, quotationId), isNotNull(quotations.revision)));
  return row;
}

/** How each sent revision's e-mail is doing, from the outbox. */
export async function deliveryStates(db: Db, quoteId: number) {
  const rows = await db
    .select({ payload: outbox.payload, status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError })
    .from(outbox)
    .where(and(eq(outbox.quoteId, quoteId), inArray(outbox.kind, ["quotation"])))
    .orderBy(desc(outbox.id));
  return new Map(
    rows.map((row) => [
      outboxEntry("quotation", row.payload).payload.quotationId,
      { status: row.status, attempts: row.attempts, lastError: row.lastError },
    ]),
  );
}
