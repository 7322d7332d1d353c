import { and, eq, isNotNull } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import type { Config } from "#app/lib/env.server.ts";
import { formatDateTime } from "#app/lib/london-time.ts";
import { escapeHtml, headerText, websiteNotice } from "#app/lib/mail-text.ts";
import { outbox, quoteMessages, quotes, staffUser } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

// The owner of a request hears when their buyer answers by e-mail (an answer that moves the request: not an
// automatic reply, nor one the receiving server could not vouch for). Requests nobody owns are in the sales
// mailbox the answer arrived in already.

/** Queues the notice in the transaction that joins the buyer's e-mail, when someone owns the request. */
export async function queueBuyerAnswerNotice(tx: Tx, quoteId: number, reference: string, messageId: number) {
  const [owned] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), isNotNull(quotes.ownerId)));
  if (!owned) return;
  await tx.insert(outbox).values({ quoteId, kind: "buyer-answer-notice", payload: { reference, messageId } });
}

export async function loadBuyerAnswer(db: Db, messageId: number) {
  const [row] = await db
    .select({
      reference: quotes.reference,
      company: quotes.company,
      customerName: quotes.customerName,
      receivedAt: quoteMessages.createdAt,
      ownerEmail: staffUser.email,
    })
    .from(quoteMessages)
    .innerJoin(quotes, eq(quoteMessages.quoteId, quotes.id))
    .leftJoin(staffUser, eq(quotes.ownerId, staffUser.id))
    .where(eq(quoteMessages.id, messageId));
  if (!row) throw new Error("The buyer's e-mail of this notice no longer exists");
  return row;
}

/** To the owner (or sales, if the owner has gone since): who answered and where to read it, not their words. */
export function composeBuyerAnswerNotice(
  found: Awaited<ReturnType<typeof loadBuyerAnswer>>,
  config: Pick<Config, "site" | "siteUrl" | "quoteNotifyTo">,
): SendMailOptions {
  const text = [
    `Your buyer answered on ${found.reference} (${found.customerName}${found.company ? `, ${found.company}` : ""}).`,
    `Received: ${formatDateTime(found.receivedAt)}`,
    "",
    `Read and answer it on the desk: ${new URL(`/desk/quotes/${found.reference}`, config.siteUrl).href}`,
  ].join("\n");
  return {
    ...websiteNotice(config.site),
    to: found.ownerEmail ?? config.quoteNotifyTo,
    subject: headerText(`Your buyer answered: ${found.reference}`),
    text,
    html: `<!doctype html>\n<html><body>\n<div style="white-space: pre-wrap">${escapeHtml(text)}</div>\n</body></html>\n`,
  };
}
