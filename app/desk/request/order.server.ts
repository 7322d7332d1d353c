import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { formatDateTime } from "#app/lib/london-time.ts";
import { penceFrom } from "#app/quotation/money.ts";
import { moveStatus } from "#app/request/lifecycle.server.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { quotationResponses } from "#db/quotation-online-schema.ts";
import { outbox, quoteEvents, quotes } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

// A sale, as the desk records it: Won always with the order's value (a phone order is not a £0 win) and
// the buyer's PO where there is one; an acceptance online confirmed as Won, or queried back to In progress.

export const orderMessages = {
  value: "Enter the order's value in pounds (net, ex VAT), like 1,250.00",
  unanswered: (since: string) =>
    `The buyer's e-mail of ${since} is still unanswered. Answer it first, or tick “Close it with the e-mail unanswered” and try again.`,
  po: "Keep the PO number under 40 characters",
  query: "Say what needs checking with the buyer",
} as const;

/** The order's value and PO as posted with a move to Won. */
export const orderFields = {
  orderValue: z.string().optional(),
  /** Ticked: close the request although the buyer's latest e-mail has no answer. */
  closeUnanswered: z.literal("yes").optional(),
  poNumber: z.string().trim().max(40, orderMessages.po).optional(),
};

/** The order read from what was typed, or undefined when its value is missing, not pounds, or nothing. */
export function readOrder(input: { orderValue?: string; poNumber?: string }) {
  const valuePence = penceFrom(input.orderValue ?? "");
  if (!valuePence) return undefined;
  return { valuePence, poNumber: input.poNumber || null };
}

export type Order = NonNullable<ReturnType<typeof readOrder>>;

/**
 * The buyer's acceptance online confirmed by a person: Won, at the value and PO they checked; when they say so,
 * the buyer is e-mailed that the order is confirmed, in the same transaction.
 */
export async function confirmOrder(
  tx: Tx,
  quote: { id: number; reference: string },
  order: Order,
  actor: Actor,
  tellBuyer: boolean,
) {
  const outcome = await moveStatus(tx, quote.id, "won", { actor, by: "staff", order });
  if (!outcome.moved || !tellBuyer) return { moved: outcome.moved, queued: false };
  const [accepted] = await tx
    .select({ id: quotationResponses.id })
    .from(quotationResponses)
    .where(and(eq(quotationResponses.quoteId, quote.id), eq(quotationResponses.answer, "accepted")))
    .orderBy(desc(quotationResponses.id))
    .limit(1);
  if (!accepted) return { moved: true, queued: false };
  await tx.insert(outbox).values({
    quoteId: quote.id,
    kind: "order-confirmation",
    payload: { reference: quote.reference, responseId: accepted.id, byName: actor.name },
  });
  return { moved: true, queued: true };
}

/** Something in the acceptance needs checking with the buyer: back in hand, with the reason as a note. */
export async function queryAcceptance(tx: Tx, quoteId: number, note: string, actor: Actor) {
  const outcome = await moveStatus(tx, quoteId, "in_progress", { actor, by: "staff" });
  if (outcome.moved) await tx.insert(quoteEvents).values(timelineEvent(quoteId, actor, "note", { text: note }));
  return outcome.moved;
}

/**
 * Closing a request clears the buyer's unanswered e-mail from "Waiting on us": so Won asks first, and the
 * person must say they mean it. Returns when the unanswered e-mail came, or null when there is none or they said so.
 */
export async function unansweredBeforeWon(db: Db, quoteId: number, input: { closeUnanswered?: "yes" }) {
  if (input.closeUnanswered === "yes") return null;
  const [row] = await db.select({ at: quotes.customerRepliedAt }).from(quotes).where(eq(quotes.id, quoteId));
  return row?.at ? formatDateTime(row.at) : null;
}
