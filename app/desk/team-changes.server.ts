import { asc, eq, max, sql } from "drizzle-orm";
import { searchKeys } from "#app/request/search-keys.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { attachments, outbox, quoteEvents, quoteLines, quotes, staffUser } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

// Changes several people may make to one request at once: who owns it, and which requests are one.

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
