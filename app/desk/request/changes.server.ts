import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Order } from "#app/desk/request/order.server.ts";
import { buyerAnswered, firstReplyLeft, moveStatus } from "#app/request/lifecycle.server.ts";
import { searchKeys } from "#app/request/search-keys.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { attachments, outbox, quoteEvents, quoteLines, quotes, staffUser } from "#db/schema.ts";
import type { LostReason, QuoteStatus } from "#db/statuses.ts";
import type { Db } from "#db/types.ts";

// What staff change on a request's page, each with its entry in the request's timeline; every one runs
// inside applyChange (app/request/lifecycle.server.ts), so a change made from an out-of-date page is refused.

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

/**
 * Gives the request to someone (or to nobody). Someone assigned by a colleague is told by e-mail,
 * through the outbox, in the same transaction.
 */
export async function assignOwner(
  db: Db,
  quote: Pick<typeof quotes.$inferSelect, "id" | "reference" | "ownerId">,
  ownerId: string | null,
  actor: Actor,
  deskUrl: string,
) {
  if (quote.ownerId === ownerId) return { changed: false, known: true, queued: false };
  return db.transaction(async (tx) => {
    const [owner] = ownerId
      ? await tx
          .select({ id: staffUser.id, name: staffUser.name, email: staffUser.email })
          .from(staffUser)
          .where(eq(staffUser.id, ownerId))
      : [];
    if (ownerId && !owner) return { changed: false, known: false, queued: false };
    await tx
      .update(quotes)
      .set({ ownerId: owner?.id ?? null })
      .where(eq(quotes.id, quote.id));
    const self = owner?.id === actor.id;
    await tx
      .insert(quoteEvents)
      .values(timelineEvent(quote.id, actor, "assign", { toName: owner?.name ?? null, self }));
    if (owner && !self) {
      const link = `${deskUrl}/desk/quotes/${quote.reference}`;
      await tx.insert(outbox).values({
        quoteId: quote.id,
        kind: "message",
        payload: {
          to: owner.email,
          subject: `${actor.name} assigned ${quote.reference} to you`,
          text: `${actor.name} assigned the quote request ${quote.reference} to you.\n\nOpen it in the desk: ${link}\n`,
          tag: "assigned",
        },
      });
    }
    return { changed: true, known: true, queued: Boolean(owner && !self) };
  });
}

/**
 * Merges `other` into `quote`: its parts lines are added to this request's list and its files move here;
 * `other` keeps its timeline and becomes a link to this one, out of the inbox and the counts.
 */
export async function mergeRequests(
  db: Db,
  quote: Pick<typeof quotes.$inferSelect, "id" | "reference">,
  otherReference: string,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const [other] = await tx
      .select({ id: quotes.id, reference: quotes.reference, mergedIntoId: quotes.mergedIntoId, phone: quotes.phone })
      .from(quotes)
      .where(eq(quotes.reference, otherReference))
      .for("update");
    if (!other) return { changed: false, problem: `There is no request with the reference ${otherReference}.` };
    if (other.id === quote.id) return { changed: false, problem: "A request cannot be merged into itself." };
    if (other.mergedIntoId !== null)
      return { changed: false, problem: `${other.reference} is already merged into another request.` };
    const [end] = await tx
      .select({ position: max(quoteLines.position) })
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quote.id));
    const moved = await tx
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, other.id))
      .orderBy(asc(quoteLines.position));
    if (moved.length > 0) {
      const first = (end?.position ?? -1) + 1;
      await tx.insert(quoteLines).values(
        moved.map((line, i) => ({
          quoteId: quote.id,
          position: first + i,
          part: line.part,
          quantity: line.quantity,
          brand: line.brand,
        })),
      );
    }
    await tx.update(attachments).set({ quoteId: quote.id }).where(eq(attachments.quoteId, other.id));
    // Requests merged into `other` earlier now point here, so a link is never two hops long.
    await tx.update(quotes).set({ mergedIntoId: quote.id }).where(eq(quotes.mergedIntoId, other.id));
    await tx
      .update(quotes)
      .set({ mergedIntoId: quote.id, version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
      .where(eq(quotes.id, other.id));
    const parts = await tx.select({ part: quoteLines.part }).from(quoteLines).where(eq(quoteLines.quoteId, quote.id));
    const [self] = await tx.select({ phone: quotes.phone }).from(quotes).where(eq(quotes.id, quote.id));
    await tx
      .update(quotes)
      .set({
        searchKeys: [
          searchKeys(
            parts.map((p) => p.part),
            self?.phone,
          ),
          other.phone ? searchKeys([], other.phone) : "",
        ]
          .join(" ")
          .trim(),
      })
      .where(eq(quotes.id, quote.id));
    await tx
      .insert(quoteEvents)
      .values([
        timelineEvent(quote.id, actor, "merged-in", { reference: other.reference, lines: moved.length }),
        timelineEvent(other.id, actor, "merged-into", { reference: quote.reference }),
      ]);
    return { changed: true, problem: undefined, reference: other.reference };
  });
}
