import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { addDays } from "#app/lib/opening-hours.ts";
import { draftFromStored, startingWordsFor } from "#app/quotation/draft.ts";
import { newReference } from "#app/request/reference.server.ts";
import { isClosed } from "#app/request/status.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { quotations, quoteEvents, quotes } from "#db/schema.ts";
import type { Tx } from "#db/types.ts";

export type RequoteOptions = {
  /** Today, UK time (YYYY-MM-DD): the new draft holds for `validityDays` from it. */
  today: string;
  validityDays: number;
  deliveryTerms: string;
};

/**
 * "Quote again": a repeat order months later. A closed request (won, lost or expired) with a quotation opens
 * a new request for the same buyer (a new reference, linked to the old one both ways, owned by who did it,
 * New as every request starts) with a draft quotation of the old latest revision's lines and prices, new
 * dates and no buyer's reference (that was the old enquiry's).
 */
export async function quoteAgain(
  tx: Tx,
  oldId: number,
  actor: Actor & { id: string },
  options: RequoteOptions,
): Promise<{ ok: true; reference: string } | { ok: false; message: string }> {
  const [old] = await tx.select().from(quotes).where(eq(quotes.id, oldId));
  if (!old || !isClosed(old.status))
    return { ok: false, message: "Only a won, lost or expired request is quoted again." };
  const [latest] = await tx
    .select({ draft: quotations.draft })
    .from(quotations)
    .where(and(eq(quotations.quoteId, old.id), isNotNull(quotations.revision)))
    .orderBy(desc(quotations.revision))
    .limit(1);
  if (!latest) return { ok: false, message: "It was never quoted: open a new request for the buyer instead." };
  const copied = {
    customerName: old.customerName,
    email: old.email,
    company: old.company,
    phone: old.phone,
    category: old.category,
    requirements: old.requirements,
    urgency: old.urgency,
    mailboxKey: old.mailboxKey,
    searchKeys: old.searchKeys,
    ownerId: actor.id,
    repeatOfId: old.id,
    idempotencyKey: `repeat-of:${old.reference}:${randomUUID()}`,
  };
  let made: { id: number; reference: string } | undefined;
  // A fresh reference colliding with an existing one is rare; draw again.
  for (let attempt = 0; attempt < 5 && !made; attempt++) {
    [made] = await tx
      .insert(quotes)
      .values({ ...copied, reference: newReference() })
      .onConflictDoNothing({ target: quotes.reference })
      .returning({ id: quotes.id, reference: quotes.reference });
  }
  if (!made) throw new Error("Could not allocate a unique quote reference");
  const draft = {
    ...startingWordsFor(draftFromStored(latest.draft, { deliveryTerms: options.deliveryTerms }), false),
    validUntil: addDays(options.today, options.validityDays),
    buyerReference: "",
  };
  await tx.insert(quotations).values({ quoteId: made.id, draft, updatedByName: actor.name });
  await tx
    .insert(quoteEvents)
    .values([
      timelineEvent(made.id, actor, "repeat-of", { reference: old.reference }),
      timelineEvent(old.id, actor, "quoted-again", { reference: made.reference }),
    ]);
  return { ok: true, reference: made.reference };
}
