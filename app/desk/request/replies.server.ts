import { randomBytes } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import { mailDomain } from "#app/lib/mail-text.ts";
import { fillPlaceholders } from "#app/quotation/draft.ts";
import { buyerAnswered, moveStatus } from "#app/request/lifecycle.server.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { outbox, quoteEvents, quoteMessages, type quotes, savedReplies } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

export const replyLimits = { title: 80, subject: 200, body: 10_000 } as const;

export function listSavedReplies(db: Db) {
  return db.select().from(savedReplies).orderBy(asc(savedReplies.title));
}

/** Adds a saved reply, or changes the one `id` names: "taken" when another has its title, "gone" when it was removed. */
export async function keepSavedReply(
  db: Db,
  reply: { id?: number; title: string; subject: string; body: string },
  actor: Actor,
): Promise<"kept" | "taken" | "gone"> {
  const values = { title: reply.title, subject: reply.subject, body: reply.body, updatedByName: actor.name };
  if (!reply.id) {
    const rows = await db.insert(savedReplies).values(values).onConflictDoNothing().returning({ id: savedReplies.id });
    return rows.length > 0 ? "kept" : "taken";
  }
  const rows = await db
    .update(savedReplies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(savedReplies.id, reply.id))
    .returning({ id: savedReplies.id })
    .catch((error: unknown) => {
      if (uniqueViolation(error)) return undefined;
      throw error;
    });
  if (!rows) return "taken";
  return rows.length > 0 ? "kept" : "gone";
}

/** PostgreSQL's unique_violation, as node-postgres reports it (Drizzle keeps it as the cause). */
const uniqueViolation = (error: unknown) =>
  [error, (error as { cause?: unknown } | null)?.cause].some((e) => (e as { code?: unknown } | null)?.code === "23505");

export async function removeSavedReply(db: Db, id: number) {
  await db.delete(savedReplies).where(eq(savedReplies.id, id));
}

/** The buyer's values for {name}, {reference} and {company}. */
export function placeholderValues(quote: Pick<typeof quotes.$inferSelect, "customerName" | "reference" | "company">) {
  return { name: quote.customerName, reference: quote.reference, company: quote.company ?? "" };
}

/**
 * Queues a reply to the buyer (placeholders filled), kept with the request; a New request moves to In
 * progress. The first reply is recorded when it leaves the outbox (app/mail-out/kinds.server.ts), not here.
 */
export async function sendReply(
  tx: Tx,
  quote: Pick<typeof quotes.$inferSelect, "id" | "reference" | "customerName" | "company" | "status">,
  reply: { subject: string; body: string; cc?: string[] },
  actor: Actor,
  site: { email: string },
) {
  const values = placeholderValues(quote);
  const subject = fillPlaceholders(reply.subject, values);
  const withReference = subject.includes(quote.reference) ? subject : `${subject} (${quote.reference})`;
  const domain = mailDomain(site.email);
  const [message] = await tx
    .insert(quoteMessages)
    .values({
      quoteId: quote.id,
      direction: "out",
      subject: withReference,
      body: fillPlaceholders(reply.body, values),
      messageId: `<${quote.reference}.r${randomBytes(6).toString("hex")}@${domain}>`,
      cc: reply.cc ?? [],
      sentBy: actor.id,
      sentByName: actor.name,
    })
    .returning({ id: quoteMessages.id });
  if (!message) throw new Error("The reply was not stored");
  await tx
    .insert(outbox)
    .values({ quoteId: quote.id, kind: "reply", payload: { reference: quote.reference, replyId: message.id } });
  await tx.insert(quoteEvents).values(timelineEvent(quote.id, actor, "reply-sent", { subject: withReference }));
  await buyerAnswered(tx, quote.id);
  await moveStatus(tx, quote.id, "in_progress", { actor, by: "reply" });
  return message.id;
}

export function messagesOf(db: Db, quoteId: number) {
  return db
    .select()
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quoteId))
    .orderBy(desc(quoteMessages.createdAt));
}
