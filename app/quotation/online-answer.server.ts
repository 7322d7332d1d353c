import { eq, sql } from "drizzle-orm";
import { findByToken, type Standing, standingOf } from "#app/quotation/online.server.ts";
import type { Acceptance, Decline } from "#app/quotation/online-forms.ts";
import { moveStatus } from "#app/request/lifecycle.server.ts";
import { systemActor } from "#app/request/timeline.ts";
import { quotationResponses } from "#db/quotation-online-schema.ts";
import { outbox, quotes } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

// The buyer's answer to a quotation online: stored once per revision, the request moved through its
// transition table, and the e-mails queued with it in one transaction.

export type AnswerOutcome =
  | { done: "stored"; answer: "accepted" | "declined" }
  /** `differs`: what was sent is not the answer that stands (another answer, or another PO number). */
  | { done: "already"; answer: "accepted" | "declined"; differs: boolean }
  | { done: "refused"; standing: Exclude<Standing, { kind: "answered" } | { kind: "open" }> }
  | { done: "not found" };

/** The timeline names the buyer as the one who did it, without their name (the request carries it). */
const buyerOnline = systemActor("The buyer, online");

type Answer = { answer: "accepted"; acceptance: Acceptance } | { answer: "declined"; decline: Decline };

/**
 * Stores the answer if the revision can still be answered: a second post (a double click, a page left
 * open, the back button) finds the first answer and changes nothing. The request's row is locked first,
 * so two posts at once are one answer.
 */
async function answer(db: Db, token: string, given: Answer, now: Date): Promise<AnswerOutcome> {
  return db.transaction(async (tx) => {
    const first = await findByToken(tx, token, now);
    if (!first) return { done: "not found" };
    await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, first.quote.id)).for("update");
    const found = await findByToken(tx, token, now);
    if (!found) return { done: "not found" };
    const standing = standingOf(found, now);
    if (standing.kind === "answered") {
      const samePo = given.answer !== "accepted" || (given.acceptance.poNumber ?? null) === found.response?.poNumber;
      return { done: "already", answer: standing.answer, differs: given.answer !== standing.answer || !samePo };
    }
    if (standing.kind !== "open") return { done: "refused", standing };
    const revision = `${found.quote.reference}/${found.revision}`;
    const values =
      given.answer === "accepted"
        ? {
            buyerName: given.acceptance.buyerName,
            poNumber: given.acceptance.poNumber ?? null,
            poToFollow: !given.acceptance.poNumber,
            deliveryAddress: given.acceptance.deliveryAddress ?? null,
            notes: given.acceptance.notes ?? null,
          }
        : { declineReason: given.decline.reason, declineText: given.decline.reasonText ?? null };
    const [stored] = await tx
      .insert(quotationResponses)
      .values({ quotationId: found.quotation.id, quoteId: found.quote.id, answer: given.answer, ...values })
      .returning({ id: quotationResponses.id });
    if (!stored) throw new Error("The answer was not stored");
    await moveTheRequest(tx, found.quote.id, given, revision);
    const payload = { reference: found.quote.reference, responseId: stored.id };
    const kinds =
      given.answer === "accepted" ? (["acceptance", "acceptance-notice"] as const) : (["decline-notice"] as const);
    await tx.insert(outbox).values(kinds.map((kind) => ({ quoteId: found.quote.id, kind, payload })));
    return { done: "stored", answer: given.answer };
  });
}

async function moveTheRequest(tx: Tx, quoteId: number, given: Answer, revision: string) {
  const moved =
    given.answer === "accepted"
      ? await moveStatus(tx, quoteId, "accepted", {
          actor: buyerOnline,
          by: "buyer online",
          event: {
            kind: "accepted-online",
            detail: { revision, poNumber: given.acceptance.poNumber ?? null },
          },
        })
      : await moveStatus(tx, quoteId, "lost", {
          actor: buyerOnline,
          by: "buyer online",
          lostReason: given.decline.reason,
          event: {
            kind: "declined-online",
            detail: { revision, reason: given.decline.reason, text: given.decline.reasonText ?? null },
          },
        });
  if (!moved.moved) throw new Error(`The request could not be moved: ${moved.why}`);
  // Every desk page showing the request is now out of date.
  await tx
    .update(quotes)
    .set({ version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId));
}

export const acceptQuotation = (db: Db, token: string, acceptance: Acceptance, now = new Date()) =>
  answer(db, token, { answer: "accepted", acceptance }, now);

export const declineQuotation = (db: Db, token: string, decline: Decline, now = new Date()) =>
  answer(db, token, { answer: "declined", decline }, now);
