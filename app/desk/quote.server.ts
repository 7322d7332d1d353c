import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { StaffMember } from "#app/desk/auth.server.ts";
import { type LostReason, outbox, type QuoteStatus, quotations, quoteEvents, quotes } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

export type Actor = Pick<StaffMember, "id" | "name">;

export function timelineEvent(quoteId: number, actor: Actor, kind: string, detail: Record<string, unknown>) {
  return { quoteId, actorId: actor.id, actorName: actor.name, kind, detail };
}

/** An e-mail to the buyer has left at `at`: it is the request's first reply unless one went before. */
export async function firstReplyLeft(tx: Tx, quoteId: number, at: Date) {
  await tx
    .update(quotes)
    .set({ firstReplyAt: at })
    .where(and(eq(quotes.id, quoteId), isNull(quotes.firstReplyAt)));
}

/** The desk has answered the buyer (or closed the request): the buyer's e-mail no longer waits. */
export async function buyerAnswered(tx: Tx, quoteId: number) {
  await tx
    .update(quotes)
    .set({ customerRepliedAt: null })
    .where(and(eq(quotes.id, quoteId), isNotNull(quotes.customerRepliedAt)));
}

/**
 * Returns false when the request was already in that status (nothing written). Won keeps the net value
 * of the latest quotation sent; Lost keeps why; both keep when; reopening clears them.
 */
export async function changeStatus(db: Db, quoteId: number, to: QuoteStatus, actor: Actor, lostReason?: LostReason) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: quotes.status, reasons: quotes.spamReasons })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .for("update");
    if (!current || current.status === to) return false;
    const reasons =
      to === "spam" && !current.reasons.includes("staff") ? [...current.reasons, "staff"] : current.reasons;
    const [latest] =
      to === "won"
        ? await tx
            .select({ net: quotations.netPence })
            .from(quotations)
            .where(and(eq(quotations.quoteId, quoteId), isNotNull(quotations.revision)))
            .orderBy(desc(quotations.revision))
            .limit(1)
        : [];
    const wonValuePence = latest?.net ?? null;
    const closed = to === "won" || to === "lost";
    await tx
      .update(quotes)
      .set({
        status: to,
        spamReasons: reasons,
        updatedAt: sql`now()`,
        closedAt: closed ? sql`now()` : null,
        wonValuePence,
        lostReason: to === "lost" ? (lostReason ?? "other") : null,
      })
      .where(eq(quotes.id, quoteId));
    if (closed) await buyerAnswered(tx, quoteId);
    await tx.insert(quoteEvents).values(
      timelineEvent(quoteId, actor, "status", {
        from: current.status,
        to,
        ...(to === "lost" ? { lostReason: lostReason ?? "other" } : {}),
        ...(wonValuePence !== null ? { wonValuePence } : {}),
      }),
    );
    return true;
  });
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
    const [first] = await tx
      .update(quotes)
      .set({ firstReplyAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(quotes.id, quoteId), isNull(quotes.firstReplyAt)))
      .returning({ status: quotes.status, firstReplyAt: quotes.firstReplyAt, createdAt: quotes.createdAt });
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
    if (first?.status === "new") {
      await tx.update(quotes).set({ status: "in_progress" }).where(eq(quotes.id, quoteId));
      await tx.insert(quoteEvents).values(timelineEvent(quoteId, actor, "status", { from: "new", to: "in_progress" }));
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
      .values(timelineEvent(quoteId, actor, "released", { reasons: held?.reasons ?? [], queued: kinds }));
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
