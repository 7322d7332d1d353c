import { and, asc, eq, gt, inArray, isNotNull, lte } from "drizzle-orm";
import { outgoingReply, replyDelivered } from "#app/desk/replies.server.ts";
import type { Config } from "#app/lib/env.server.ts";
import { composeQuotationEmail, composeSalesEmail } from "#app/quotation/email.server.ts";
import { renderQuotationPdf } from "#app/quotation/pdf.server.ts";
import { quotationDelivered, sentQuotation } from "#app/quotation/quotation.server.ts";
import { forwardQuote, readStored } from "#app/quote/forward.server.ts";
import {
  attachedFiles,
  composeAcknowledgement,
  composeQuoteEmail,
  composeStaffEmail,
  createMailer,
  type QuoteExtrasRecord,
  sweepOutboxFolder,
} from "#app/quote/mail.server.ts";
import { giveUpAgeMs, maxAttempts, nextRetryDelayMs } from "#app/quote/retry-policy.ts";
import { queueSpamDigestIfDue } from "#app/quote/spam-digest.server.ts";
import type { FileStorage } from "#app/quote/storage.server.ts";
import type { Db } from "#db/client.server.ts";
import { attachments, type OutboxMessage, outbox, quoteLines, quotes } from "#db/schema.ts";

/** Failures that say nothing about the mail server (it refused this one message), unlike a dead connection. */
const messageErrors = new Set(["EENVELOPE", "EMESSAGE"]);

const minute = 60_000;

/** A claimed message stays invisible to other workers this long; every send times out well before. */
const claimLeaseMs = 5 * minute;
const lastErrorMaxLength = 1000;

type LogFn = (fields: Record<string, unknown>, message: string) => void;
/** pino's logger fits; fields carry references and counts only, never personal data. */
export type OutboxLogger = { info: LogFn; warn: LogFn; error: LogFn };

export type OutboxWorker = {
  kick(): void;
  /** Delivers what is due now; resolves with how many messages were tried. */
  runOnce(): Promise<number>;
  /** One poll: probes the mail server when e-mail is waiting on it, queues the spam digest when due, delivers. */
  tick(): Promise<number>;
  stop(): Promise<void>;
};

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

/** A code or class name only: messages can echo addresses, and logs must not hold personal data. */
function errorCode(error: unknown) {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.name;
  return typeof error;
}

function errorText(error: unknown) {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, lastErrorMaxLength);
}

/**
 * Delivers the outbox: claims due messages (FOR UPDATE SKIP LOCKED, then a lease), sends them outside
 * the transaction, and records the outcome. Safe to run in every server process sharing a PostgreSQL
 * database: a message is only ever claimed by one of them at a time.
 */
export function startOutboxWorker(options: {
  db: Db;
  config: Config;
  logger: OutboxLogger;
  pollMs?: number;
  /** How often to try the mail server while e-mail waits on it. */
  probeMs?: number;
  /** How often to see whether the daily spam digest is due. */
  digestCheckMs?: number;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Where the requests' files are; without it notifications name the files but attach none. */
  storage?: FileStorage;
}): OutboxWorker {
  const { db, config, logger } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 5000;
  const probeMs = options.probeMs ?? 30_000;
  const digestCheckMs = options.digestCheckMs ?? 10 * minute;
  const mailer = createMailer(config);
  // Unknown at start: after a restart, e-mail left waiting by an outage is tried as soon as mail goes out.
  let mailDown = true;
  let lastProbe = 0;
  let lastDigestCheck = 0;
  if (!config.smtpUrl) {
    sweepOutboxFolder(config.dataDir).then(
      (removed) => removed && logger.info({ removed }, "removed half-written mail files"),
      () => {},
    );
  }
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let active: Promise<number> | undefined;
  let queued: Promise<number> | undefined;

  /** One message at a time, so the lease only ever has to outlast a single send. */
  async function claimNext() {
    const claimedAt = now();
    return db.transaction(async (tx) => {
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

  type Claimed = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

  async function send(message: Claimed) {
    if (message.kind === "message") {
      const staffEmail = message.payload as OutboxMessage;
      await mailer.send(composeStaffEmail(staffEmail, config), `${staffEmail.tag}-${message.id}`);
      return;
    }
    if (!message.quote || message.quoteId === null)
      throw new Error("The request of this notification no longer exists");
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
      if (storage) {
        const files = attachedFiles(extras.attachments ?? []);
        email.attachments = await Promise.all(
          files.map(async (file) => ({
            filename: file.fileName,
            contentType: file.contentType,
            content: await readStored(storage, file.storageKey),
          })),
        );
      }
      await mailer.send(email, message.quote.reference);
      return;
    }
    // Read at send time: the forward was queued because the URL was set when the quote arrived.
    if (!config.quoteForwardUrl) throw new Error("QUOTE_FORWARD_URL is no longer set");
    await forwardQuote(config.quoteForwardUrl, message.quote, options.fetch, extras, {
      storage: options.storage,
      siteUrl: config.siteUrl,
    });
  }

  /** The mail server is back: e-mail waiting for a retry is tried now rather than at its scheduled time. */
  async function bringMailForward() {
    const at = now();
    const moved = await db
      .update(outbox)
      .set({ nextAttemptAt: at })
      .where(
        and(
          eq(outbox.status, "pending"),
          inArray(outbox.kind, ["email", "message", "acknowledgement", "quotation", "reply"]),
          isNotNull(outbox.lastError),
          gt(outbox.nextAttemptAt, at),
        ),
      )
      .returning({ id: outbox.id });
    if (moved.length) logger.info({ messages: moved.length }, "mail server is back; sending waiting e-mail now");
  }

  async function deliver(message: Claimed) {
    const attempts = message.attempts + 1;
    const context = { reference: message.quote?.reference, kind: message.kind, attempts };
    const mail = message.kind !== "forward";
    try {
      await send(message);
    } catch (error) {
      if (mail && !messageErrors.has(errorCode(error))) mailDown = true;
      const ageMs = now().getTime() - message.createdAt.getTime();
      const failed = attempts >= maxAttempts && ageMs >= giveUpAgeMs;
      const delay = nextRetryDelayMs({ attempts, ageMs, emergency: message.quote?.urgency === "emergency" });
      await db
        .update(outbox)
        .set({
          attempts,
          lastError: errorText(error),
          status: failed ? "failed" : "pending",
          nextAttemptAt: new Date(now().getTime() + (failed ? 0 : delay)),
        })
        .where(eq(outbox.id, message.id));
      if (failed) {
        logger.error(
          { ...context, error: errorCode(error) },
          "quote notification failed for good; see `npm run quotes -- show <reference>`",
        );
      } else {
        logger.warn(
          { ...context, error: errorCode(error), retryInSeconds: Math.round(delay / 1000) },
          "quote notification failed; will retry",
        );
      }
      return;
    }
    await db.update(outbox).set({ status: "sent", attempts, sentAt: now() }).where(eq(outbox.id, message.id));
    if (message.kind === "quotation")
      await quotationDelivered(db, (message.payload as { quotationId: number }).quotationId, now());
    if (message.kind === "reply") await replyDelivered(db, (message.payload as { replyId: number }).replyId, now());
    logger.info(context, "quote notification sent");
    if (mail && mailDown) {
      mailDown = false;
      await bringMailForward();
    }
  }

  async function drain() {
    let processed = 0;
    for (;;) {
      if (stopped) return processed;
      const message = await claimNext();
      if (!message) return processed;
      await deliver(message);
      processed++;
    }
  }

  function runOnce(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (!active) {
      active = drain().finally(() => {
        active = undefined;
      });
      return active;
    }
    // The running pass may have claimed before the newest message was stored: queue one more pass.
    queued ??= active
      .catch(() => 0)
      .then(() => {
        queued = undefined;
        return runOnce();
      });
    return queued;
  }

  function runInBackground() {
    runOnce().catch((error: unknown) => logger.error({ error: errorCode(error) }, "outbox pass failed"));
  }

  async function tick() {
    const at = now().getTime();
    if (mailDown && at - lastProbe >= probeMs) {
      lastProbe = at;
      if (await mailer.verify()) {
        mailDown = false;
        await bringMailForward();
      }
    }
    if (at - lastDigestCheck >= digestCheckMs) {
      lastDigestCheck = at;
      await queueSpamDigestIfDue(db, config, now());
    }
    return runOnce();
  }

  function schedule() {
    timer = setTimeout(async () => {
      await tick().catch((error: unknown) => logger.error({ error: errorCode(error) }, "outbox pass failed"));
      if (!stopped) schedule();
    }, pollMs);
    timer.unref();
  }
  schedule();

  return {
    kick() {
      if (!stopped) runInBackground();
    },
    runOnce,
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([active, queued]);
      mailer.close();
    },
  };
}
