import { and, asc, eq, lte, sql } from "drizzle-orm";
import { outgoingReply } from "#app/desk/replies.server.ts";
import type { Config } from "#app/lib/env.server.ts";
import { composeQuotationEmail, composeSalesEmail } from "#app/quotation/email.server.ts";
import { renderQuotationPdf } from "#app/quotation/pdf.server.ts";
import { sentQuotation } from "#app/quotation/quotation.server.ts";
import type { FileStorage } from "#app/quote/file-storage.server.ts";
import { forwardQuote, readStored } from "#app/quote/forward.server.ts";
import {
  composeAcknowledgement,
  composeQuoteEmail,
  composeStaffEmail,
  type createMailer,
  mailAttachments,
  type QuoteExtrasRecord,
} from "#app/quote/mail.server.ts";
import { attachments, type OutboxMessage, outbox, quoteLines, quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** The parts list and the records of the files of a request, in the buyer's order. */
export async function loadQuoteExtras(db: Db, quoteId: number): Promise<QuoteExtrasRecord> {
  const lines = await db
    .select({ part: quoteLines.part, quantity: quoteLines.quantity, brand: quoteLines.brand })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  const files = await db
    .select({
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      size: attachments.size,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(eq(attachments.quoteId, quoteId))
    .orderBy(asc(attachments.id));
  return {
    lines: lines.map((line) =>
      line.brand ? { ...line, brand: line.brand } : { part: line.part, quantity: line.quantity },
    ),
    attachments: files,
  };
}

/** A claimed message stays invisible to other workers this long; every send times out well before. */
const claimLeaseMs = 5 * 60_000;

/**
 * Claims the next due message (FOR UPDATE SKIP LOCKED) and hides it from other workers for a lease: one
 * message at a time, so the lease only ever has to outlast a single send.
 */
export async function claimNextMessage(db: Db, claimedAt: Date) {
  return db.transaction(async (tx) => {
    // A claim lost to a power cut only means the message is claimed again: not worth a wait for the disk.
    // Recording the outcome waits, and flushes this claim with it.
    await tx.execute(sql`set local synchronous_commit = off`);
    const [due] = await tx
      .select({
        id: outbox.id,
        kind: outbox.kind,
        attempts: outbox.attempts,
        payload: outbox.payload,
        quoteId: outbox.quoteId,
        createdAt: outbox.createdAt,
        quote: {
          reference: quotes.reference,
          customerName: quotes.customerName,
          email: quotes.email,
          company: quotes.company,
          phone: quotes.phone,
          category: quotes.category,
          requirements: quotes.requirements,
          urgency: quotes.urgency,
          createdAt: quotes.createdAt,
          spamReasons: quotes.spamReasons,
        },
      })
      .from(outbox)
      .leftJoin(quotes, eq(outbox.quoteId, quotes.id))
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, claimedAt)))
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(1)
      .for("update", { of: outbox, skipLocked: true });
    if (due) {
      const leaseEnd = new Date(claimedAt.getTime() + claimLeaseMs);
      // No last error while a try is under way: that is how bringing waiting mail forward tells a
      // message waiting for its retry from one another worker is sending (its lease).
      await tx.update(outbox).set({ nextAttemptAt: leaseEnd, lastError: null }).where(eq(outbox.id, due.id));
    }
    return due;
  });
}

export type Claimed = NonNullable<Awaited<ReturnType<typeof claimNextMessage>>>;

type SenderOptions = {
  db: Db;
  config: Config;
  mailer: ReturnType<typeof createMailer>;
  /** Where the requests' files are; without it notifications name the files but attach none. */
  storage?: FileStorage;
  fetch?: typeof fetch;
};

/** Sends one claimed message as its kind says: an e-mail through the mailer, or a post to the form service. */
export const createSender = (options: SenderOptions) => async (message: Claimed) => {
  const { db, config, mailer } = options;
  if (message.kind === "message") {
    const staffEmail = message.payload as OutboxMessage;
    await mailer.send(composeStaffEmail(staffEmail, config), `${staffEmail.tag}-${message.id}`);
    return;
  }
  if (!message.quote || message.quoteId === null) throw new Error("The request of this notification no longer exists");
  if (message.kind === "reply") {
    const found = await outgoingReply(db, (message.payload as { replyId: number }).replyId);
    if (!found?.message.messageId) throw new Error("The reply of this e-mail no longer exists");
    const { message: reply, quote } = found;
    await mailer.send(
      composeSalesEmail({
        buyer: quote,
        subject: reply.subject,
        body: reply.body,
        messageId: found.message.messageId,
        senderName: reply.sentByName,
        site: config.site,
      }),
      `${quote.reference}-reply-${reply.id}`,
    );
    return;
  }
  if (message.kind === "quotation") {
    const { quotationId } = message.payload as { quotationId: number };
    const found = await sentQuotation(db, quotationId);
    const content = found?.quotation.content;
    if (!found || !content) throw new Error("The quotation of this e-mail no longer exists");
    const { quotation, quote } = found;
    const pdf = await renderQuotationPdf({
      site: config.site,
      reference: quote.reference,
      revision: quotation.revision,
      buyer: { name: quote.customerName, company: quote.company, email: quote.email },
      content,
      issuedAt: quotation.queuedAt ?? quotation.createdAt,
    });
    await mailer.send(
      composeQuotationEmail(quotation, quote, config.site, pdf),
      `${quote.reference}-quotation-${quotation.revision}`,
    );
    return;
  }
  const extras = await loadQuoteExtras(db, message.quoteId);
  if (message.kind === "acknowledgement") {
    await mailer.send(
      composeAcknowledgement(message.quote, config, extras),
      `${message.quote.reference}-acknowledgement`,
    );
    return;
  }
  if (message.kind === "email") {
    const email = composeQuoteEmail(message.quote, config, extras);
    const { storage } = options;
    if (storage) email.attachments = await mailAttachments(extras.attachments ?? [], (key) => readStored(storage, key));
    await mailer.send(email, message.quote.reference);
    return;
  }
  // Read at send time: the forward was queued because the URL was set when the quote arrived.
  if (!config.quoteForwardUrl) throw new Error("QUOTE_FORWARD_URL is no longer set");
  await forwardQuote(config.quoteForwardUrl, message.quote, options.fetch, extras, {
    storage: options.storage,
    siteUrl: config.siteUrl,
  });
};
