import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { replyDelivered } from "#app/desk/replies.server.ts";
import type { Config } from "#app/lib/env.server.ts";
import type { WorkerLogger } from "#app/lib/logger.server.ts";
import { quotationDelivered } from "#app/quotation/quotation.server.ts";
import type { FileStorage } from "#app/quote/file-storage.server.ts";
import { createMailer, sweepOutboxFolder } from "#app/quote/mail.server.ts";
import { type Claimed, claimNextMessage, createSender } from "#app/quote/outbox-send.server.ts";
import { giveUpAgeMs, maxAttempts, nextRetryDelayMs } from "#app/quote/retry-policy.ts";
import { queueSpamDigestIfDue } from "#app/quote/spam-digest.server.ts";
import type { Db } from "#db/client.server.ts";
import { outbox } from "#db/schema.ts";

/** Failures that say nothing about the mail server (it refused this one message), unlike a dead connection. */
const messageErrors = new Set(["EENVELOPE", "EMESSAGE"]);

const minute = 60_000;

const lastErrorMaxLength = 1000;

export type OutboxWorker = {
  kick(): void;
  /** Delivers what is due now; resolves with how many messages were tried. */
  runOnce(): Promise<number>;
  /** One poll: probes the mail server when e-mail is waiting on it, queues the spam digest when due, delivers. */
  tick(): Promise<number>;
  stop(): Promise<void>;
};

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
  logger: WorkerLogger;
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

  const claimNext = () => claimNextMessage(db, now());
  const send = createSender({ db, config, mailer, storage: options.storage, fetch: options.fetch });

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
