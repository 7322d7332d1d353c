import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { StaffMember } from "#app/desk/auth.server.ts";
import type { Db } from "#db/client.server.ts";
import { attachments, outbox, type QuoteStatus, quoteEvents, quoteLines, quotes } from "#db/schema.ts";

export type Actor = Pick<StaffMember, "id" | "name">;

export async function findQuote(db: Db, reference: string) {
  const [quote] = await db.select().from(quotes).where(eq(quotes.reference, reference));
  if (!quote) return undefined;
  const [lines, files, notifications, events] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).orderBy(asc(quoteLines.position)),
    db
      .select({
        id: attachments.id,
        fileName: attachments.fileName,
        contentType: attachments.contentType,
        size: attachments.size,
      })
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
  ]);
  return { quote, lines, files, notifications, events };
}

function event(quoteId: number, actor: Actor, kind: string, detail: Record<string, unknown>) {
  return { quoteId, actorId: actor.id, actorName: actor.name, kind, detail };
}

/** Returns false when the request was already in that status (nothing written). */
export async function changeStatus(db: Db, quoteId: number, to: QuoteStatus, actor: Actor) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: quotes.status, reasons: quotes.spamReasons })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .for("update");
    if (!current || current.status === to) return false;
    const reasons =
      to === "spam" && !current.reasons.includes("staff") ? [...current.reasons, "staff"] : current.reasons;
    await tx
      .update(quotes)
      .set({ status: to, spamReasons: reasons, updatedAt: sql`now()` })
      .where(eq(quotes.id, quoteId));
    await tx.insert(quoteEvents).values(event(quoteId, actor, "status", { from: current.status, to }));
    return true;
  });
}

export async function addNote(db: Db, quoteId: number, text: string, actor: Actor) {
  await db.transaction(async (tx) => {
    await tx.insert(quoteEvents).values(event(quoteId, actor, "note", { text }));
    await tx.update(quotes).set({ updatedAt: sql`now()` }).where(eq(quotes.id, quoteId));
  });
}

/**
 * Records a reply to the customer. The first one sets first_reply_at, which the time-to-first-reply
 * figures are made of; a New request moves to In progress.
 */
export async function recordReply(db: Db, quoteId: number, channel: "email" | "other", actor: Actor) {
  return db.transaction(async (tx) => {
    const [first] = await tx
      .update(quotes)
      .set({ firstReplyAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(quotes.id, quoteId), isNull(quotes.firstReplyAt)))
      .returning({ status: quotes.status, firstReplyAt: quotes.firstReplyAt, createdAt: quotes.createdAt });
    const seconds = first?.firstReplyAt
      ? Math.round((first.firstReplyAt.getTime() - first.createdAt.getTime()) / 1000)
      : undefined;
    await tx.insert(quoteEvents).values(
      event(quoteId, actor, "reply", {
        channel,
        first: Boolean(first),
        ...(seconds === undefined ? {} : { seconds }),
      }),
    );
    if (first?.status === "new") {
      await tx.update(quotes).set({ status: "in_progress" }).where(eq(quotes.id, quoteId));
      await tx.insert(quoteEvents).values(event(quoteId, actor, "status", { from: "new", to: "in_progress" }));
    }
    return Boolean(first);
  });
}

/**
 * "Not spam": back to New, and the notification it never had is queued in the same transaction, once.
 * A second click (or a request that was notified before it was marked as spam) queues nothing.
 */
export async function releaseFromSpam(db: Db, quoteId: number, actor: Actor, forward: boolean) {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ reasons: quotes.spamReasons })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .for("update");
    const [released] = await tx
      .update(quotes)
      // Staff judged it not spam: the reasons stay in the timeline's entry, not as a banner on the request.
      .set({ status: "new", spamReasons: [], updatedAt: sql`now()` })
      .where(and(eq(quotes.id, quoteId), eq(quotes.status, "spam")))
      .returning({ reference: quotes.reference });
    if (!released) return { released: false, queued: 0 };
    const existing = await tx
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.quoteId, quoteId), inArray(outbox.kind, ["email", "forward"])));
    const kinds = (forward ? (["email", "forward"] as const) : (["email"] as const)).filter(
      (kind) => !existing.some((row) => row.kind === kind),
    );
    if (kinds.length > 0) {
      await tx
        .insert(outbox)
        .values(kinds.map((kind) => ({ quoteId, kind, payload: { reference: released.reference } })));
    }
    await tx
      .insert(quoteEvents)
      .values(event(quoteId, actor, "released", { reasons: held?.reasons ?? [], queued: kinds }));
    return { released: true, queued: kinds.length };
  });
}

/** "Retry now": every unsent notification of the request becomes due at once (failed ones get one more try). */
export async function retryNotifications(db: Db, quoteId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(outbox)
      .set({ status: "pending", nextAttemptAt: sql`now()` })
      .where(and(eq(outbox.quoteId, quoteId), inArray(outbox.status, ["pending", "failed"])))
      .returning({ id: outbox.id, kind: outbox.kind });
    if (due.length > 0)
      await tx.insert(quoteEvents).values(event(quoteId, actor, "retry", { kinds: due.map((d) => d.kind) }));
    return due.length;
  });
}
