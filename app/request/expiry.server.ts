import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { formatDay, londonDay } from "#app/lib/london-time.ts";
import type { ClosureRange } from "#app/lib/opening-hours.server.ts";
import { addWorkingDays, londonMidnight } from "#app/request/chase.server.ts";
import { moveStatus } from "#app/request/lifecycle.server.ts";
import { systemActor } from "#app/request/timeline.ts";
import { outbox, quotations, quotes, staffUser } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

// A quoted request's latest revision nearing the end of its validity is put on the "To chase" list and its
// owner told once; once the validity has ended with no answer from the buyer, the request becomes Expired.

export type ExpiryOptions = {
  /** The sweep's clock. */
  now: Date;
  /** Working days before the end of validity that the owner is told. */
  noticeDays: number;
  /** Where the notice goes when nobody owns the request. */
  notifyTo: string;
  siteUrl: string;
  /** The site's own closures (SITE_CLOSURES), which are not working days either. */
  closures?: readonly ClosureRange[];
};

const validUntil = sql<string>`${quotations.content}->>'validUntil'`;

/** Quoted requests whose latest revision's validity ends by `until` (YYYY-MM-DD). */
function ending(db: Db, until: string) {
  return db
    .select({
      quoteId: quotes.id,
      reference: quotes.reference,
      quotationId: quotations.id,
      revision: quotations.revision,
      validUntil,
      warnedAt: quotations.expiryWarnedAt,
      ownerEmail: staffUser.email,
    })
    .from(quotations)
    .innerJoin(quotes, eq(quotes.id, quotations.quoteId))
    .leftJoin(staffUser, eq(staffUser.id, quotes.ownerId))
    .where(
      and(
        eq(quotes.status, "quoted"),
        isNull(quotes.mergedIntoId),
        isNotNull(quotations.revision),
        lte(validUntil, until),
        sql`not exists (select 1 from ${quotations} as "later" where "later"."quote_id" = ${quotations.quoteId} and "later"."revision" > ${quotations.revision})`,
      ),
    );
}

type Ending = Awaited<ReturnType<typeof ending>>[number];

async function expire(db: Db, row: Ending) {
  return db.transaction(async (tx) => {
    const outcome = await moveStatus(tx, row.quoteId, "expired", {
      actor: systemActor("The desk"),
      by: "expiry",
      event: { kind: "expired", detail: { revision: `${row.reference}/${row.revision}`, validUntil: row.validUntil } },
    });
    if (outcome.moved)
      await tx
        .update(quotes)
        .set({ nextContactAt: null, version: sql`${quotes.version} + 1` })
        .where(eq(quotes.id, row.quoteId));
    return outcome.moved;
  });
}

async function warn(db: Db, row: Ending, options: ExpiryOptions, today: string) {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(quotations)
      .set({ expiryWarnedAt: options.now })
      .where(and(eq(quotations.id, row.quotationId), isNull(quotations.expiryWarnedAt)))
      .returning({ id: quotations.id });
    if (!marked) return false;
    const revision = `${row.reference}/${row.revision}`;
    const link = new URL(`/desk/quotes/${row.reference}`, options.siteUrl).href;
    await tx.insert(outbox).values({
      quoteId: row.quoteId,
      kind: "message",
      payload: {
        to: row.ownerEmail ?? options.notifyTo,
        subject: `Quotation ${revision} ends on ${formatDay(row.validUntil)}`,
        text: `Quotation ${revision} holds until ${formatDay(row.validUntil)} and the buyer has not answered. It is on the desk's To chase list; without an answer it becomes Expired after that day.\n\n${link}`,
        tag: "expiry-notice",
      },
    });
    // On the To chase list from today, unless it was due earlier.
    await tx
      .update(quotes)
      .set({
        nextContactAt: sql`least(coalesce(${quotes.nextContactAt}, ${londonMidnight(today)}), ${londonMidnight(today)})`,
      })
      .where(eq(quotes.id, row.quoteId));
    return true;
  });
}

/** One pass: tells owners of quotations nearing their end (once each) and expires those past it. */
export async function sweepQuotations(db: Db, options: ExpiryOptions) {
  const today = londonDay(options.now);
  const rows = await ending(db, await addWorkingDays(today, options.noticeDays, options.closures));
  let warned = 0;
  let expired = 0;
  for (const row of rows) {
    if (row.validUntil < today) expired += Number(await expire(db, row));
    else if (!row.warnedAt) warned += Number(await warn(db, row, options, today));
  }
  return { warned, expired };
}
