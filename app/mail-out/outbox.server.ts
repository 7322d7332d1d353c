import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { Config } from "#app/lib/env.server.ts";
import type { WorkerLogger } from "#app/lib/logger.server.ts";
import { type Claimed, claimNextMessage } from "#app/mail-out/claim.server.ts";
import { isMailKind, mailKindNames, sendMessage } from "#app/mail-out/kinds.server.ts";
import { createMailer, MailServerError, sweepOutboxFolder } from "#app/mail-out/mailer.server.ts";
import { giveUpAgeMs, maxAttempts, nextRetryDelayMs } from "#app/mail-out/retry-policy.ts";
import { queueSpamDigestIfDue } from "#app/mail-out/spam-digest.server.ts";
import type { FileStorage } from "#app/quote/file-storage.server.ts";
import { outbox } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

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

/** The mail server is back: e-mail waiting for a retry is tried now rather than at its scheduled time. */
async function bringMailForward(db: Db, at: Date, logger: WorkerLogger) {
  const moved = await db
    .update(outbox)
    .set({ nextAttemptAt: at })
    .where(
      and(
        eq(outbox.status, "pending"),
        inArray(outbox.kind, mailKindNames),
        isNotNull(outbox.lastError),
        gt(outbox.nextAttemptAt, at),
      ),
    )
    .returning({ id: outbox.id });
  if (moved.length) logger.info({ messages: moved.length }, "mail server is back; sending waiting e-mail now");
}

/** Whether the mail server was failing when last tried; unknown at start, so taken as down. */
type MailState = { down: boolean };

type Delivery = {
  db: Db;
  logger: WorkerLogger;
  now: () => Date;
  mail: MailState;
  /** Sends the message; resolves with what records that it left. */
  send: (message: Claimed) => Promise<(at: Date) => Promise<void> | undefined>;
};

/** A failed attempt: retried after the policy's delay, or given up once both the attempts and the age run out. */
async function recordFailure({ db, logger, now }: Delivery, message: Claimed, attempts: number, error: unknown) {
  const context = { reference: message.quote?.reference, kind: message.kind, attempts, error: errorCode(error) };
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
    logger.error(context, "quote notification failed for good; see `npm run quotes -- show <reference>`");
  } else {
    logger.warn({ ...context, retryInSeconds: Math.round(delay / 1000) }, "quote notification failed; will retry");
  }
}

/** Sends one claimed message and records the outcome; a success after an outage brings waiting e-mail forward. */
async function deliver(delivery: Delivery, message: Claimed) {
  const { db, logger, now, mail } = delivery;
  const attempts = message.attempts + 1;
  const isMail = isMailKind(message.kind);
  let delivered: Awaited<ReturnType<Delivery["send"]>>;
  try {
    delivered = await delivery.send(message);
  } catch (error) {
    // A message that cannot be built (its quotation or file gone) says nothing of the mail server: taking it as
    // an outage brought every waiting message forward at each probe, retrying a broken one every 30 s for days.
    if (isMail && error instanceof MailServerError && !messageErrors.has(errorCode(error))) mail.down = true;
    await recordFailure(delivery, message, attempts, error);
    return;
  }
  await db.update(outbox).set({ status: "sent", attempts, sentAt: now() }).where(eq(outbox.id, message.id));
  await delivered(now());
  logger.info({ reference: message.quote?.reference, kind: message.kind, attempts }, "quote notification sent");
  if (isMail && mail.down) {
    mail.down = false;
    await bringMailForward(db, now(), logger);
  }
}

/** Runs one pass at a time; asked again during a pass, it queues exactly one more (the pass may have claimed
 * before the newest message was stored). */
function onePassAtATime(pass: () => Promise<number>, stopped: () => boolean) {
  let active: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  function run(): Promise<number> {
    if (stopped()) return Promise.resolve(0);
    if (!active) {
      active = pass().finally(() => {
        active = undefined;
      });
      return active;
    }
    queued ??= active
      .catch(() => 0)
      .then(() => {
        queued = undefined;
        return run();
      });
    return queued;
  }
  return { run, settled: () => Promise.allSettled([active, queued]) };
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
  const { pollMs = 5000, probeMs = 30_000, digestCheckMs = 10 * minute } = options;
  const mailer = createMailer(config);
  // After a restart, e-mail left waiting by an outage is tried as soon as mail goes out.
  const mail: MailState = { down: true };
  const send = (message: Claimed) =>
    sendMessage(message, { db, config, storage: options.storage, fetch: options.fetch }, mailer);
  const delivery: Delivery = { db, logger, now, mail, send };
  let lastProbe = 0;
  let lastDigestCheck = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  if (!config.smtpUrl) {
    sweepOutboxFolder(config.dataDir).then(
      (removed) => removed && logger.info({ removed }, "removed half-written mail files"),
      () => {},
    );
  }

  const passes = onePassAtATime(
    async () => {
      let processed = 0;
      for (;;) {
        if (stopped) return processed;
        const message = await claimNextMessage(db, now());
        if (!message) return processed;
        await deliver(delivery, message);
        processed++;
      }
    },
    () => stopped,
  );

  async function tick() {
    const at = now().getTime();
    if (mail.down && at - lastProbe >= probeMs) {
      lastProbe = at;
      if (await mailer.verify()) {
        mail.down = false;
        await bringMailForward(db, now(), logger);
      }
    }
    if (at - lastDigestCheck >= digestCheckMs) {
      lastDigestCheck = at;
      await queueSpamDigestIfDue(db, config, now());
    }
    return passes.run();
  }

  const logFailure = (error: unknown) => logger.error({ error: errorCode(error) }, "outbox pass failed");
  function schedule() {
    timer = setTimeout(async () => {
      await tick().catch(logFailure);
      if (!stopped) schedule();
    }, pollMs);
    timer.unref();
  }
  schedule();

  return {
    kick() {
      if (!stopped) passes.run().catch(logFailure);
    },
    runOnce: passes.run,
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await passes.settled();
      mailer.close();
    },
  };
}
