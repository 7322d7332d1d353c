import { and, eq, inArray, sql } from "drizzle-orm";
import type { Order } from "#app/desk/order.server.ts";
import { buyerAnswered, firstReplyLeft, moveStatus } from "#app/request/lifecycle.server.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { outbox, quoteEvents, quotes } from "#db/schema.ts";
import type { LostReason, QuoteStatus } from "#db/statuses.ts";
import type { Db } from "#db/types.ts";

/** Staff's choice of status on the request's page (Lost with its reason, Won with its order); false when it was there already. */
export async function changeStatus(
  db: Db,
  quoteId: number,
  to: QuoteStatus,
  actor: Actor,
  lostReason?: LostReason,
  order?: Order,
) {
  const moved = await db.transaction((tx) => moveStatus(tx, quoteId, to, { actor, by: "staff", lostReason, order }));
  return moved.moved;
}

export async function addNote(db: Db, quoteId: number, text: string, actor: Actor) {
  await db.transaction(async (tx) => {
    await tx.insert(quoteEvents).values(timelineEvent(quoteId, actor, "note", { text }));
    await tx.update(quotes).set({ updatedAt: sql`now()` }).where(eq(quotes.id, quoteId));
  });
}

/**
 * Records a reply to the customer. The first one sets first_reply_at, which the time-to-first-reply
 * figures are made of; a New request moves to In progress.
 */
export async function recordReply(db: Db, quoteId: number, channel: "email" | "other", actor: Actor) {
  return db.transaction(async (tx) => {
    const first = await firstReplyLeft(tx, quoteId, sql`now()`);
    const seconds = first?.firstReplyAt
      ? Math.round((first.firstReplyAt.getTime() - first.createdAt.getTime()) / 1000)
      : undefined;
    await buyerAnswered(tx, quoteId);
    await tx.insert(quoteEvents).values(
      timelineEvent(quoteId, actor, "reply", {
        channel,
        first: Boolean(first),
        ...(seconds === undefined ? {} : { seconds }),
      }),
    );
    if (first) await moveStatus(tx, quoteId, "in_progress", { actor, by: "reply" });
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
      .select({ reference: quotes.reference, reasons: quotes.spamReasons })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .for("update");
    const existing = await tx
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.quoteId, quoteId), inArray(outbox.kind, ["email", "forward"])));
    const kinds = (forward ? (["email", "forward"] as const) : (["email"] as const)).filter(
      (kind) => !existing.some((row) => row.kind === kind),
    );
    // Staff judged it not spam: the reasons stay in the timeline's entry, not as a banner on the request.
    const released = await moveStatus(tx, quoteId, "new", {
      actor,
      by: "not spam",
      event: { kind: "released", detail: { reasons: held?.reasons ?? [], queued: kinds } },
    });
    if (!released.moved || !held) return { released: false, queued: 0 };
    if (kinds.length > 0) {
      await tx.insert(outbox).values(kinds.map((kind) => ({ quoteId, kind, payload: { reference: held.reference } })));
    }
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
      await tx.insert(quoteEvents).values(timelineEvent(quoteId, actor, "retry", { kinds: due.map((d) => d.kind) }));
    return due.length;
  });
}
