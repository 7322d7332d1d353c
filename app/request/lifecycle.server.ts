import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { canMove, isClosed, type MoveCause } from "#app/request/status.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { quotations, quoteEvents, quotes } from "#db/schema.ts";
import type { LostReason, QuoteStatus } from "#db/statuses.ts";
import type { Db, Tx } from "#db/types.ts";

// What happens to a request over its life, written in one place: its status (and the bookkeeping that
// goes with one), its first reply, whether the buyer is waiting for an answer, and the version that
// keeps a change made from an out-of-date page from being applied.

export type MoveOutcome =
  | { moved: true; from: QuoteStatus; to: QuoteStatus }
  | { moved: false; why: "already there" | "not allowed"; from: QuoteStatus };

export type MoveOptions = {
  actor: Actor;
  by: MoveCause;
  /** Why it was lost, when it is moved to Lost ("other" if not said). */
  lostReason?: LostReason;
  /** The order, when it is moved to Won: its net value (else the latest quotation's) and the buyer's PO. */
  order?: { valuePence: number; poNumber: string | null };
  /** The timeline's entry for the move, when the move is part of something with an entry of its own. */
  event?: { kind: string; detail: Record<string, unknown> };
};

/** The net value of the request's latest sent quotation: what a sale is worth in the month's figures. */
async function latestQuotedNet(tx: Tx, quoteId: number) {
  const [latest] = await tx
    .select({ net: quotations.netPence })
    .from(quotations)
    .where(and(eq(quotations.quoteId, quoteId), isNotNull(quotations.revision)))
    .orderBy(desc(quotations.revision))
    .limit(1);
  return latest?.net ?? null;
}

/**
 * Moves a request to `to` if the transition table lets `by` do so, and writes what goes with it: the
 * timeline's entry, when it was closed (Won, Lost) and what for, the spam reasons. The only code that
 * writes a request's status. Staff move it inside applyChange, which raises the version once for the change.
 */
export async function moveStatus(tx: Tx, quoteId: number, to: QuoteStatus, options: MoveOptions) {
  const [current] = await tx
    .select({ status: quotes.status, spamReasons: quotes.spamReasons })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for("update");
  if (!current) throw new Error(`There is no request ${quoteId} to move`);
  const from = current.status;
  const refused = (why: "already there" | "not allowed"): MoveOutcome => ({ moved: false, why, from });
  if (from === to) return refused("already there");
  if (!canMove(from, to, options.by)) return refused("not allowed");
  const wonValuePence = to === "won" ? (options.order?.valuePence ?? (await latestQuotedNet(tx, quoteId))) : null;
  const poNumber = to === "won" ? (options.order?.poNumber ?? null) : null;
  const lostReason = to === "lost" ? (options.lostReason ?? "other") : null;
  // Spam staff marked keeps saying so; one staff took out of spam keeps its reasons in the timeline only.
  const spamReasons =
    to === "spam" && !current.spamReasons.includes("staff")
      ? [...current.spamReasons, "staff"]
      : from === "spam"
        ? []
        : current.spamReasons;
  await tx
    .update(quotes)
    .set({
      status: to,
      spamReasons,
      closedAt: isClosed(to) ? sql`now()` : null,
      wonValuePence,
      poNumber,
      lostReason,
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId));
  // Decided, it no longer waits for an answer from the desk.
  if (isClosed(to)) await buyerAnswered(tx, quoteId);
  const event = options.event ?? {
    kind: "status",
    detail: {
      from,
      to,
      ...(lostReason ? { lostReason } : {}),
      ...(wonValuePence !== null ? { wonValuePence } : {}),
      ...(poNumber ? { poNumber } : {}),
    },
  };
  await tx.insert(quoteEvents).values(timelineEvent(quoteId, options.actor, event.kind, event.detail));
  return { moved: true, from, to } satisfies MoveOutcome;
}

/**
 * An answer to the buyer has gone (or been recorded) at `at`: it is the request's first reply unless one
 * went before, and the time to first reply is what the business is judged by. Returns whether it was.
 */
export async function firstReplyLeft(tx: Tx, quoteId: number, at: Date | ReturnType<typeof sql>) {
  const [first] = await tx
    .update(quotes)
    .set({ firstReplyAt: at })
    .where(and(eq(quotes.id, quoteId), isNull(quotes.firstReplyAt)))
    .returning({ firstReplyAt: quotes.firstReplyAt, createdAt: quotes.createdAt });
  return first;
}

/** The desk has answered the buyer (or closed the request): the buyer's e-mail no longer waits. */
export async function buyerAnswered(tx: Tx, quoteId: number) {
  await tx
    .update(quotes)
    .set({ customerRepliedAt: null })
    .where(and(eq(quotes.id, quoteId), isNotNull(quotes.customerRepliedAt)));
}

/** The buyer has written: the desk owes an answer, and a quoted or lost request is back in hand. */
export async function buyerWrote(tx: Tx, quoteId: number, actor: Actor) {
  const outcome = await moveStatus(tx, quoteId, "in_progress", { actor, by: "buyer" });
  // Reopened, every page showing the request is out of date.
  await tx
    .update(quotes)
    .set({
      customerRepliedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(outcome.moved ? { version: sql`${quotes.version} + 1` } : {}),
    })
    .where(eq(quotes.id, quoteId));
  return outcome;
}

export type LatestChange = { actorName: string | null; kind: string; detail: Record<string, unknown>; at: Date };
export type ChangeOutcome<T> =
  | { stale: false; result: T; version: number }
  | { stale: true; latest: LatestChange | undefined };

/** The request's latest timeline entry: what a page that is out of date missed. */
export async function latestChange(db: Db, quoteId: number): Promise<LatestChange | undefined> {
  const [latest] = await db
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
  return latest;
}

/**
 * Every change staff make goes through here with the version their page showed. A page that is out of
 * date is refused, naming the latest change, and nothing is written; a change that did something raises
 * the version, so every other open page is now out of date too; the version it leaves is returned, for the
 * page that made the change to carry on from.
 */
export async function applyChange<T extends { changed: boolean }>(
  db: Db,
  quoteId: number,
  seenVersion: number,
  work: (tx: Tx) => Promise<T>,
): Promise<ChangeOutcome<T>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!row || row.version !== seenVersion) return { stale: true, latest: await latestChange(tx, quoteId) };
    const result = await work(tx);
    if (result.changed) {
      await tx
        .update(quotes)
        .set({ version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
        .where(eq(quotes.id, quoteId));
    }
    return { stale: false, result, version: result.changed ? row.version + 1 : row.version };
  });
}
