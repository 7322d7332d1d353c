import { and, eq, isNull } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import type { Config } from "#app/lib/env.server.ts";
import { mailDomain } from "#app/lib/mail-text.ts";
import { composeAssignmentEmail } from "#app/mail-out/assignment.server.ts";
import { composeBuyerAnswerNotice, loadBuyerAnswer } from "#app/mail-out/buyer-answer.server.ts";
import type { Claimed } from "#app/mail-out/claim.server.ts";
import { forwardQuote, readStored } from "#app/mail-out/forward.server.ts";
import {
  composeAcknowledgement,
  composeQuoteEmail,
  composeStaffEmail,
  loadQuoteExtras,
  mailAttachments,
} from "#app/mail-out/mail.server.ts";
import { MailServerError } from "#app/mail-out/mailer.server.ts";
import { threadBefore } from "#app/mail-out/thread.server.ts";
import { composeQuotationEmail, composeSalesEmail } from "#app/quotation/email.server.ts";
import { issueQuotationLink } from "#app/quotation/online.server.ts";
import {
  composeAcceptanceConfirmation,
  composeAnswerNotice,
  composeOrderConfirmation,
  loadAnswer,
} from "#app/quotation/online-mail.server.ts";
import { renderQuotationPdf } from "#app/quotation/pdf.server.ts";
import { quotationDelivered, sentQuotation } from "#app/quotation/quotation.server.ts";
import type { FileStorage } from "#app/quote/file-storage.server.ts";
import { firstReplyLeft } from "#app/request/lifecycle.server.ts";
import { type OutboxKind, type OutboxPayloads, outboxEntry, outboxKinds } from "#db/outbox-payloads.ts";
import { quoteMessages, quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** What a message is made with: the database, configuration, the requests' files, and the claimed row. */
export type SendContext = {
  db: Db;
  config: Config;
  /** Where the requests' files are; without it notifications name the files but attach none. */
  storage?: FileStorage;
  fetch?: typeof fetch;
  message: Pick<Claimed, "id" | "quoteId" | "quote">;
};

/** An e-mail, and the name it is sent under (its .eml file's, when there is no SMTP server). */
type Mail = { email: SendMailOptions; name: string };

/**
 * How one kind of message goes out: an e-mail made here and sent by the mailer (whose failures tell us
 * whether the mail server is up), or a post made here; then, once it has left, what the request keeps of it.
 */
type Kind<K extends OutboxKind> = (
  | { mail: (payload: OutboxPayloads[K], context: SendContext) => Promise<Mail> }
  | { post: (payload: OutboxPayloads[K], context: SendContext) => Promise<void> }
) & { delivered?: (db: Db, payload: OutboxPayloads[K], at: Date) => Promise<void> };

/** The request a message belongs to, as claimed with it. */
function requestOf({ message }: SendContext) {
  if (!message.quote || message.quoteId === null) throw new Error("The request of this notification no longer exists");
  return { ...message.quote, id: message.quoteId };
}

/** A reply to the buyer as the desk queued it. */
async function outgoingReply(db: Db, replyId: number) {
  const [row] = await db
    .select({ message: quoteMessages, quote: quotes })
    .from(quoteMessages)
    .innerJoin(quotes, eq(quoteMessages.quoteId, quotes.id))
    .where(and(eq(quoteMessages.id, replyId), eq(quoteMessages.direction, "out")));
  return row;
}

/** A reply (or chaser) to the buyer as the desk queued it, in the buyer's thread; `body` finishes its words. */
async function replyEmail(context: SendContext, replyId: number, body: (stored: string) => string) {
  requestOf(context);
  const found = await outgoingReply(context.db, replyId);
  if (!found?.message.messageId) throw new Error("The reply of this e-mail no longer exists");
  const { message: reply, quote } = found;
  const own = { messageId: found.message.messageId, at: reply.createdAt };
  const thread = await threadBefore(context.db, quote, own, context.config.site.email);
  const email = composeSalesEmail(
    {
      buyer: quote,
      subject: reply.subject,
      body: body(reply.body),
      messageId: own.messageId,
      senderName: reply.sentByName,
      site: context.config.site,
    },
    { cc: reply.cc, thread },
  );
  return { email, quote, reply };
}

/** A reply has left: its time is kept, and it is the request's first reply if nothing went before. */
async function replyDelivered(db: Db, replyId: number, at: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(quoteMessages)
      .set({ sentAt: at })
      .where(and(eq(quoteMessages.id, replyId), isNull(quoteMessages.sentAt)))
      .returning({ quoteId: quoteMessages.quoteId });
    if (row) await firstReplyLeft(tx, row.quoteId, at);
  });
}

/** Every kind of message the outbox sends (db/outbox-payloads.ts lists them), and how. */
export const mailKinds: { [K in OutboxKind]: Kind<K> } = {
  message: {
    mail: async (payload, { config, message }) => ({
      email: composeStaffEmail(payload, config),
      name: `${payload.tag}-${message.id}`,
    }),
  },

  email: {
    async mail(_, context) {
      const request = requestOf(context);
      const extras = await loadQuoteExtras(context.db, request.id);
      const email = composeQuoteEmail(request, context.config, extras);
      const { storage } = context;
      if (storage)
        email.attachments = await mailAttachments(extras.attachments ?? [], (key) => readStored(storage, key));
      return { email, name: request.reference };
    },
  },

  acknowledgement: {
    async mail(_, context) {
      const request = requestOf(context);
      const extras = await loadQuoteExtras(context.db, request.id);
      return {
        email: composeAcknowledgement(request, context.config, extras),
        name: `${request.reference}-acknowledgement`,
      };
    },
  },

  forward: {
    async post(_, context) {
      const request = requestOf(context);
      const { config } = context;
      // Read at send time: the forward was queued because the URL was set when the quote arrived.
      if (!config.quoteForwardUrl) throw new Error("QUOTE_FORWARD_URL is no longer set");
      const extras = await loadQuoteExtras(context.db, request.id);
      await forwardQuote(config.quoteForwardUrl, request, context.fetch, extras, {
        storage: context.storage,
        siteUrl: config.siteUrl,
      });
    },
  },

  reply: {
    async mail({ replyId }, context) {
      const { email, quote, reply } = await replyEmail(context, replyId, (body) => body);
      return { email, name: `${quote.reference}-reply-${reply.id}` };
    },
    delivered: (db, { replyId }, at) => replyDelivered(db, replyId, at),
  },

  // A chaser: a reply carrying a new link to the revision it chases. Each attempt makes its own token, as a
  // quotation's e-mail does (only hashes are kept); every link made keeps opening the revision.
  chaser: {
    async mail({ replyId, quotationId }, context) {
      const found = await sentQuotation(context.db, quotationId);
      if (!found?.quotation.content) throw new Error("The quotation of this chaser no longer exists");
      const link = await issueQuotationLink(
        context.db,
        quotationId,
        found.quotation.content.validUntil,
        context.config.siteUrl,
      );
      const { email, quote, reply } = await replyEmail(context, replyId, (body) => body.replaceAll("{link}", link));
      return { email, name: `${quote.reference}-chaser-${reply.id}` };
    },
    delivered: (db, { replyId }, at) => replyDelivered(db, replyId, at),
  },

  quotation: {
    async mail({ quotationId }, context) {
      requestOf(context);
      const found = await sentQuotation(context.db, quotationId);
      const content = found?.quotation.content;
      if (!found || !content) throw new Error("The quotation of this e-mail no longer exists");
      const { quotation, quote } = found;
      const { site } = context.config;
      const pdf = await renderQuotationPdf({
        site,
        reference: quote.reference,
        revision: quotation.revision,
        buyer: { name: quote.customerName, company: quote.company, email: quote.email },
        content,
        issuedAt: quotation.queuedAt ?? quotation.createdAt,
      });
      const own = { messageId: quotation.messageId ?? "", at: quotation.queuedAt ?? quotation.createdAt };
      const thread = await threadBefore(context.db, quote, own, site.email);
      const link = await issueQuotationLink(context.db, quotation.id, content.validUntil, context.config.siteUrl);
      return {
        email: composeQuotationEmail(quotation, quote, site, pdf, link, { cc: quotation.cc, thread }),
        name: `${quote.reference}-quotation-${quotation.revision}`,
      };
    },
    delivered: (db, { quotationId }, at) => quotationDelivered(db, quotationId, at),
  },

  acceptance: {
    async mail({ responseId }, context) {
      const found = await loadAnswer(context.db, responseId);
      return {
        email: composeAcceptanceConfirmation(found, context.config),
        name: `${found.quote.reference}-acceptance`,
      };
    },
  },

  "order-confirmation": {
    async mail({ responseId, byName }, context) {
      const found = await loadAnswer(context.db, responseId);
      return {
        email: composeOrderConfirmation(found, byName, context.config),
        name: `${found.quote.reference}-order-confirmation`,
      };
    },
  },

  "acceptance-notice": {
    async mail({ responseId }, context) {
      const found = await loadAnswer(context.db, responseId);
      return { email: composeAnswerNotice(found, context.config), name: `${found.quote.reference}-acceptance-notice` };
    },
  },

  "decline-notice": {
    async mail({ responseId }, context) {
      const found = await loadAnswer(context.db, responseId);
      return { email: composeAnswerNotice(found, context.config), name: `${found.quote.reference}-decline-notice` };
    },
  },

  assignment: {
    mail: async (payload, context) => ({
      email: composeAssignmentEmail(payload, requestOf(context), context.config),
      name: `${payload.reference}-assignment-${context.message.id}`,
    }),
  },
  "buyer-answer-notice": {
    async mail({ messageId }, context) {
      const found = await loadBuyerAnswer(context.db, messageId);
      return { email: composeBuyerAnswerNotice(found, context.config), name: `${found.reference}-buyer-answer-notice` };
    },
  },
};

/** Whether a kind's messages are e-mails: only their failures say anything about the mail server. */
export const isMailKind = (kind: OutboxKind) => "mail" in mailKinds[kind];
export const mailKindNames = outboxKinds.filter(isMailKind);

type Sender = { send(email: SendMailOptions, name: string): Promise<void> };

/**
 * Sends one claimed message as its kind says, after reading its payload as that kind's. Returns what to
 * record once it has left (the request's first reply, a quotation's or reply's time of leaving).
 */
export async function sendMessage(claimed: Claimed, context: Omit<SendContext, "message">, mailer: Sender) {
  return send(outboxEntry(claimed.kind, claimed.payload), { ...context, message: claimed }, mailer);
}

async function send<K extends OutboxKind>(
  entry: { kind: K; payload: OutboxPayloads[K] },
  context: SendContext,
  mailer: Sender,
) {
  const kind: Kind<K> = mailKinds[entry.kind];
  if ("mail" in kind) {
    const { email, name } = await kind.mail(entry.payload, context);
    // Sent again after a crash between sending and recording it, a message keeps its Message-ID, so mail
    // programs show it once; it starts with the request's reference, so an answer to it finds the request.
    const domain = mailDomain(context.config.site.email);
    const reference = context.message.quote?.reference;
    email.messageId ??= `<${reference ? `${reference}.` : ""}outbox-${context.message.id}@${domain}>`;
    await mailer.send(email, name).catch((error: unknown) => {
      throw new MailServerError(error);
    });
  } else {
    await kind.post(entry.payload, context);
  }
  return (at: Date) => kind.delivered?.(context.db, entry.payload, at);
}
