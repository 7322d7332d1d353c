import { and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { requestFileColumns } from "#app/request/files.ts";
import { attachments, outbox, quoteEvents, quoteLines, quotes, staffUser } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

const mergedInto = alias(quotes, "merged_into");
const repeatOf = alias(quotes, "repeat_of");

export async function findRequest(db: Db, reference: string) {
  const [found] = await db
    .select({
      quote: quotes,
      ownerName: staffUser.name,
      mergedIntoReference: mergedInto.reference,
      repeatOfReference: repeatOf.reference,
    })
    .from(quotes)
    .leftJoin(staffUser, eq(quotes.ownerId, staffUser.id))
    .leftJoin(mergedInto, eq(quotes.mergedIntoId, mergedInto.id))
    .leftJoin(repeatOf, eq(quotes.repeatOfId, repeatOf.id))
    .where(eq(quotes.reference, reference));
  if (!found) return undefined;
  const { quote, ownerName, mergedIntoReference, repeatOfReference } = found;
  const [lines, files, notifications, events, quotedAgain] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).orderBy(asc(quoteLines.position)),
    db
      .select(requestFileColumns)
      .from(attachments)
      .where(eq(attachments.quoteId, quote.id))
      .orderBy(asc(attachments.id)),
    db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        status: outbox.status,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        nextAttemptAt: outbox.nextAttemptAt,
        sentAt: outbox.sentAt,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(eq(outbox.quoteId, quote.id))
      .orderBy(asc(outbox.id)),
    db
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, quote.id))
      .orderBy(asc(quoteEvents.at), asc(quoteEvents.id)),
    db
      .select({ reference: quotes.reference })
      .from(quotes)
      .where(eq(quotes.repeatOfId, quote.id))
      .orderBy(asc(quotes.createdAt)),
  ]);
  const repeats = { of: repeatOfReference, again: quotedAgain.map((row) => row.reference) };
  return { quote, ownerName, mergedIntoReference, repeats, lines, files, notifications, events };
}

/** The same buyer's (e-mail address) and the same company's other requests, newest first; merged ones say where to. */
export async function customerHistory(
  db: Db,
  quote: Pick<typeof quotes.$inferSelect, "id" | "email" | "company">,
  limit = 20,
) {
  const sameBuyer = sql`lower(${quotes.email}) = lower(${quote.email})`;
  const company = quote.company?.trim();
  return db
    .select({
      reference: quotes.reference,
      createdAt: quotes.createdAt,
      status: quotes.status,
      customerName: quotes.customerName,
      company: quotes.company,
      sameBuyer: sql<boolean>`${sameBuyer}`,
      mergedInto: mergedInto.reference,
    })
    .from(quotes)
    .leftJoin(mergedInto, eq(quotes.mergedIntoId, mergedInto.id))
    .where(
      and(
        ne(quotes.id, quote.id),
        company ? or(sameBuyer, sql`lower(${quotes.company}) = lower(${company})`) : sameBuyer,
      ),
    )
    .orderBy(desc(quotes.createdAt))
    .limit(limit);
}

/** Everyone who can own a request, by name. */
export function staffList(db: Db) {
  return db.select({ id: staffUser.id, name: staffUser.name }).from(staffUser).orderBy(asc(staffUser.name));
}
