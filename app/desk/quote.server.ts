import { and, asc, desc, eq, inArray, isNotNull, isNull, max, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StaffMember } from "#app/desk/auth.server.ts";
import { searchKeys } from "#app/desk/search-keys.ts";
import type { Db, Tx } from "#db/client.server.ts";
import {
  attachments,
  type LostReason,
  outbox,
  type QuoteStatus,
  quotations,
  quoteEvents,
  quoteLines,
  quotes,
  staffUser,
} from "#db/schema.ts";

export type Actor = Pick<StaffMember, "id" | "name">;

const mergedInto = alias(quotes, "merged_into");

export async function findQuote(db: Db, reference: string) {
  const [found] = await db
    .select({ quote: quotes, ownerName: staffUser.name, mergedIntoReference: mergedInto.reference })
    .from(quotes)
    .leftJoin(staffUser, eq(quotes.ownerId, staffUser.id))
    .leftJoin(mergedInto, eq(quotes.mergedIntoId, mergedInto.id))
    .where(eq(quotes.reference, reference));
  if (!found) return undefined;
  const { quote, ownerName, mergedIntoReference } = found;
  const [lines, files, notifications, events] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).orderBy(asc(quoteLines.position)),
    db
      .select({
        id: attachments.id,
        fileName: attachments.fileName,
        contentType: attachments.contentType,
        size: attachments.size,
        messageId: attachments.messageId,
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
  return { quote, ownerName, mergedIntoReference, lines, files, notifications, events };
}

/** The same buyer's (e-mail address) and the same company's other requests, newest first. */
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
    })
    .from(quotes)
    .where(
      and(
        ne(quotes.id, quote.id),
        isNull(quotes.mergedIntoId),
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

export type LatestChange = { actorName: string | null; kind: string; detail: Record<string, unknown>; at: Date };
export type ChangeOutcome<T> = { stale: false; result: T } | { stale: true; latest: LatestChange | undefined };

/**
 * Every change staff make goes through here with the version their page showed. A page that is out of
 * date is refused, naming the latest change, and nothing is written; a change that did something raises
 * the version, so every other open page is now out of date too.
 */
export async function applyChange<T extends { changed: boolean }>(
  db: Db,
  quoteId: number,
  seenVersion: number,
  work: (tx: Tx) => Promise<T>,
): Promise<ChangeOutcome<T>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!row || row.version !== seenVersion) {
      const [latest] = await tx
        .select({
          actorName: quoteEvents.actorName,
          kind: quoteEvents.kind,
          detail: quoteEvents.detail,
          at: quoteEvents.at,
        })
        .from(quoteEvents)
        .where(eq(quoteEvents.quoteId, quoteId))
        .orderBy(desc(quoteEvents.at), desc(quoteEvents.id))
        .limit(1);
      return { stale: true, latest };
    }
    const result = await work(tx);
    if (result.changed) {
      await tx
        .update(quotes)
        .set({ version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
        .where(eq(quotes.id, quoteId));
    }
    return { stale: false, result };
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

/** A timeline entry, made by `actor`, to insert into quote_events. */
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
