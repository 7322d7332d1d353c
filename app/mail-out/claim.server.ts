import { and, eq, lte, sql } from "drizzle-orm";
import { quoteRecordColumns } from "#app/mail-out/mail.server.ts";
import { outbox, quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** A claimed message stays invisible to other workers this long; every send times out well before. */
const claimLeaseMs = 5 * 60_000;

/**
 * Claims the next due message (FOR UPDATE SKIP LOCKED) and hides it from other workers for a lease: one
 * message at a time, so the lease only ever has to outlast a single send.
 */
export async function claimNextMessage(db: Db, claimedAt: Date) {
  return db.transaction(async (tx) => {
    // A claim lost to a power cut only means the message is claimed again: not worth a wait for the disk.
    // Recording the outcome waits, and flushes this claim with it.
    await tx.execute(sql`set local synchronous_commit = off`);
    const [due] = await tx
      .select({
        id: outbox.id,
        kind: outbox.kind,
        attempts: outbox.attempts,
        payload: outbox.payload,
        quoteId: outbox.quoteId,
        createdAt: outbox.createdAt,
        quote: quoteRecordColumns,
      })
      .from(outbox)
      .leftJoin(quotes, eq(outbox.quoteId, quotes.id))
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, claimedAt)))
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(1)
      .for("update", { of: outbox, skipLocked: true });
    if (due) {
      const leaseEnd = new Date(claimedAt.getTime() + claimLeaseMs);
      // No last error while a try is under way: that is how bringing waiting mail forward tells a
      // message waiting for its retry from one another worker is sending (its lease).
      await tx.update(outbox).set({ nextAttemptAt: leaseEnd, lastError: null }).where(eq(outbox.id, due.id));
    }
    return due;
  });
}

export type Claimed = NonNullable<Awaited<ReturnType<typeof claimNextMessage>>>;
