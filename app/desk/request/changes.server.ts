import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Order } from "#app/desk/request/order.server.ts";
import { buyerAnswered, firstReplyLeft, moveStatus } from "#app/request/lifecycle.server.ts";
import { mergedSearchText } from "#app/request/search-keys.ts";
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
 * "Not spam". A request held as spam goes back to New, and the notification it never had is queued in the
 * same transaction, once; a second click (or a request notified before it was marked as spam) queues
 * nothing. A request only flagged as possible spam loses its flag. Either way the reasons stay in the
 * timeline's entry, not as a banner on the request.
 */
export async function releaseFromSpam(db: Db, quoteId: number, actor: Actor, forward: boolean) {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ reference: quotes.reference, status: quotes.status, reasons: quotes.spamReasons })
      .from(quotes)
      .where(eq(quotes.id, quoteId))
      .for("update");
    if (held && held.status !== "spam") return clearSpamFlag(tx, quoteId, held.reasons, actor);
    const existing = await tx
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.quoteId, quoteId), inArray(outbox.kind, ["email", "forward"])));
    const kinds = (forward ? (["email", "forward"] as const) : (["email"] as const)).filter(
      (kind) => !existing.some((row) => row.kind === kind),
    );
    const released = await moveStatus(tx, quoteId, "new", {
      actor,
      by: "not spam",
      event: { kind: "released", detail: { reasons: held?.reasons ?? [], queued: kinds } },
    });
    if (!released.moved || !held) return { released: false, cleared: false, queued: 0 };
    if (kinds.length > 0) {
      await tx.insert(outbox).values(kinds.map((kind) => ({ quoteId, kind, payload: { reference: held.reference } })));
    }
    return { released: true, cleared: false, queued: kinds.length };
  });
}

/** A request flagged as possible spam (still in the inbox, notified) that staff judged not to be. */
async function clearSpamFlag(tx: Db, quoteId: number, reasons: string[], actor: Actor) {
  if (reasons.length === 0) return { released: false, cleared: false, queued: 0 };
  await tx.update(quotes).set({ spamReasons: [], updatedAt: sql`now()` }).where(eq(quotes.id, quoteId));
  await tx.insert(quoteEvents).values(timelineEvent(quoteId, actor, "released", { reasons, queued: [] }));
  return { released: true, cleared: true, queued: 0 };
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
 * Gives the request to someone (or to nobody). Someone a colleague assigns it to is told by e-mail, and
 * so is the owner a colleague takes it from (through the outbox, in the same transaction).
 */
export async function assignOwner(
  db: Db,
  quote: Pick<typeof quotes.$inferSelect, "id" | "reference" | "ownerId">,
  ownerId: string | null,
  actor: Actor,
) {
  if (quote.ownerId === ownerId) return { changed: false, known: true, queued: false };
  return db.transaction(async (tx) => {
    const person = async (id: string | null) =>
      id
        ? (
            await tx
              .select({ id: staffUser.id, name: staffUser.name, email: staffUser.email })
              .from(staffUser)
              .where(eq(staffUser.id, id))
          )[0]
        : undefined;
    const owner = await person(ownerId);
    if (ownerId && !owner) return { changed: false, known: false, queued: false };
    const previous = await person(quote.ownerId);
    await tx
      .update(quotes)
      .set({ ownerId: owner?.id ?? null })
      .where(eq(quotes.id, quote.id));
    const self = owner?.id === actor.id;
    await tx.insert(quoteEvents).values(
      timelineEvent(quote.id, actor, "assign", {
        toName: owner?.name ?? null,
        self,
        ...(previous ? { fromName: previous.name } : {}),
      }),
    );
    const told = [
      ...(owner && !self ? [{ to: owner.email, took: false }] : []),
      ...(self && previous ? [{ to: previous.email, took: true }] : []),
    ];
    if (told.length > 0) {
      await tx.insert(outbox).values(
        told.map(({ to, took }) => ({
          quoteId: quote.id,
          kind: "assignment" as const,
          payload: { reference: quote.reference, to, byName: actor.name, took },
        })),
      );
    }
    return { changed: true, known: true, queued: told.length > 0 };
  });
}

/** Why `other` cannot be merged into `quote`, if it cannot. */
export function mergeProblem(
  quote: Pick<typeof quotes.$inferSelect, "id">,
  other: Pick<typeof quotes.$inferSelect, "id" | "reference" | "mergedIntoId" | "status">,
) {
  if (other.id === quote.id) return "A request cannot be merged into itself.";
  if (other.mergedIntoId !== null) return `${other.reference} is already merged into another request.`;
  // A merged request leaves the desk's actions and its figures: an acceptance waiting there could no longer be
  // confirmed, and a won order's value would drop out of the month.
  if (other.status === "accepted")
    return `The buyer accepted a quotation on ${other.reference} online: confirm the order or query it there first.`;
  if (other.status === "won") return `${other.reference} is Won: its order stays on its own request.`;
  return undefined;
}

/**
 * Merges `other` into `quote`: its parts lines are added to this request's list and its files move here;
 * what its buyer wrote (text, phone, company, parts) becomes an entry in this request's conversation and
 * its words are found by this request's search. `other` keeps its timeline and becomes a link to this one,
 * out of the inbox and the counts.
 */
export async function mergeRequests(
  db: Db,
  quote: Pick<typeof quotes.$inferSelect, "id" | "reference">,
  otherReference: string,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const [other] = await tx.select().from(quotes).where(eq(quotes.reference, otherReference)).for("update");
    if (!other) return { changed: false, problem: `There is no request with the reference ${otherReference}.` };
    // Checked again under the row's lock, so an acceptance arriving since the question was asked is seen.
    const problem = mergeProblem(quote, other);
    if (problem) return { changed: false, problem };
    const moved = await moveLines(tx, other.id, quote.id);
    const files = await tx
      .update(attachments)
      .set({ quoteId: quote.id })
      .where(eq(attachments.quoteId, other.id))
      .returning({ id: attachments.id });
    // Requests merged into `other` earlier now point here, so a link is never two hops long.
    await tx.update(quotes).set({ mergedIntoId: quote.id }).where(eq(quotes.mergedIntoId, other.id));
    await tx
      .update(quotes)
      .set({ mergedIntoId: quote.id, version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
      .where(eq(quotes.id, other.id));
    await tx
      .update(quotes)
      .set({ searchKeys: sql`trim(${quotes.searchKeys} || ' ' || ${mergedSearchText(other)})` })
      .where(eq(quotes.id, quote.id));
    const { customerName, company, phone, email, requirements } = other;
    const parts = moved.map(({ part, quantity, brand }) => ({ part, quantity, brand }));
    await tx.insert(quoteEvents).values([
      timelineEvent(quote.id, actor, "merged-in", {
        reference: other.reference,
        lines: moved.length,
        files: files.length,
        request: { customerName, company, phone, email, requirements, parts },
      }),
      timelineEvent(other.id, actor, "merged-into", { reference: quote.reference }),
    ]);
    return { changed: true, problem: undefined, reference: other.reference };
  });
}

/** Adds `from`'s parts lines after `to`'s own, in the buyer's order; returns them. */
async function moveLines(tx: Db, from: number, to: number) {
  const [end] = await tx
    .select({ position: max(quoteLines.position) })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, to));
  const moved = await tx
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, from))
    .orderBy(asc(quoteLines.position));
  if (moved.length > 0) {
    const first = (end?.position ?? -1) + 1;
    await tx.insert(quoteLines).values(
      moved.map((line, i) => ({
        quoteId: to,
        position: first + i,
        part: line.part,
        quantity: line.quantity,
        brand: line.brand,
      })),
    );
  }
  return moved;
}
