import path from "node:path";
import { remember } from "@epic-web/remember";
import { type DeskSecrets, resolveDeskSecrets } from "#app/desk/account/secret.server.ts";
import { getIpSalt } from "#app/lib/client-key.server.ts";
import { type Config, getConfig } from "#app/lib/env.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { perInstallSecret } from "#app/lib/settings.server.ts";
import { startDropFolderReader } from "#app/mail-in/drop-folder.server.ts";
import { expireHeldMail } from "#app/mail-in/held.server.ts";
import { type MailReader, startImapReader } from "#app/mail-in/imap.server.ts";
import type { MailDesk } from "#app/mail-in/join.server.ts";
import { startOutboxWorker } from "#app/mail-out/outbox.server.ts";
import { createFsStorage, createS3Storage, type FileStorage } from "#app/quote/file-storage.server.ts";
import { createRateLimiter } from "#app/quote/rate-limit.server.ts";
import { sweepOrphans } from "#app/quote/sweep.server.ts";
import { sweepQuotations } from "#app/request/expiry.server.ts";
import { type Database, openDatabase } from "#db/client.server.ts";

/** What loaders and actions reach through the router context (servicesContext). */
export type Services = {
  config: Config;
  database: Database;
  rateLimiter: ReturnType<typeof createRateLimiter>;
  outbox: ReturnType<typeof startOutboxWorker>;
  ipSalt: string;
  /** Signs the quote form's tokens (form-token.server.ts). */
  formTokenSecret: string;
  /** Signs the desk's session cookies (app/desk/account/secret.server.ts). */
  deskSecrets: DeskSecrets;
  /** Attachment bytes; `incomingDir` holds uploads still being checked. */
  storage: FileStorage;
  incomingDir: string;
  /** Joins the buyers' e-mails to their requests; `mailDesk` is what it works with. */
  mailReader: MailReader;
  mailDesk: MailDesk;
  stopSweep(): void;
};

const sweepEveryMs = 60 * 60 * 1000;

/**
 * Files of requests that never committed are removed at start and every hour, with the copies of e-mails
 * set aside too long (expireHeldMail).
 */
function startSweep(db: Database["db"], storage: FileStorage, incomingDir: string) {
  const run = () =>
    expireHeldMail(db, new Date())
      .then((expired) => {
        if (expired > 0) getLogger().info({ expired }, "e-mails set aside too long dismissed");
        return sweepOrphans({ db, storage, incomingDir });
      })
      .then((removed) => {
        if (removed > 0) getLogger().info({ removed }, "orphan attachment files removed");
      })
      .catch((error: unknown) =>
        getLogger().warn({ error: error instanceof Error ? error.name : typeof error }, "orphan sweep failed"),
      );
  void run();
  const timer = setInterval(run, sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Quotations nearing the end of their validity are listed and their owners told; those past it expire. */
function startQuotationSweep(db: Database["db"], config: Config) {
  const run = () =>
    sweepQuotations(db, {
      now: new Date(),
      noticeDays: config.quotation.expiryNoticeDays,
      closures: config.closures,
      notifyTo: config.quoteNotifyTo,
      siteUrl: config.siteUrl,
    })
      .then(({ warned, expired }) => {
        if (warned + expired > 0) getLogger().info({ warned, expired }, "quotations swept for expiry");
      })
      .catch((error: unknown) =>
        getLogger().warn({ error: error instanceof Error ? error.name : typeof error }, "quotation sweep failed"),
      );
  void run();
  const timer = setInterval(run, sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

export async function createServices(config: Config): Promise<Services> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const ipSalt = await getIpSalt(database.db);
    const formTokenSecret = await perInstallSecret(database.db, "form_token_secret");
    const deskSecrets = await resolveDeskSecrets(database.db, config);
    const rateLimiter = createRateLimiter({ limit: config.quoteRateLimit, db: database.db });
    const uploadsDir = path.join(config.dataDir, "uploads");
    const storage = config.s3 ? createS3Storage(config.s3) : createFsStorage(uploadsDir);
    const incomingDir = path.join(uploadsDir, ".incoming");
    const outbox = startOutboxWorker({ db: database.db, config, logger: getLogger(), storage });
    const stopOrphanSweep = startSweep(database.db, storage, incomingDir);
    const stopQuotationSweep = startQuotationSweep(database.db, config);
    const stopSweep = () => {
      stopOrphanSweep();
      stopQuotationSweep();
    };
    const desk: MailDesk = {
      db: database.db,
      storage,
      incomingDir,
      salesAddress: config.site.email,
      authservId: config.mailAuthservId,
    };
    const mailReader = config.imap
      ? startImapReader({ ...config.imap, desk, logger: getLogger() })
      : startDropFolderReader({ dir: path.join(config.dataDir, "inbox"), desk, logger: getLogger() });
    return {
      config,
      database,
      rateLimiter,
      outbox,
      ipSalt,
      formTokenSecret,
      deskSecrets,
      storage,
      incomingDir,
      mailReader,
      mailDesk: desk,
      stopSweep,
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function closeServices(services: Services) {
  services.stopSweep();
  await services.mailReader.stop();
  await services.outbox.stop();
  await services.database.close();
}

// Kept on globalThis: a hot reload of this module in development must find the database it already
// opened, never start a second embedded PostgreSQL on the same DATA_DIR.
const opened = remember("mro:services", () => ({ current: undefined as Promise<Services> | undefined }));

/** The process's database, rate limiter and notification worker, opened once on first use. */
export function getServices() {
  opened.current ??= createServices(getConfig()).catch((error: unknown) => {
    opened.current = undefined;
    throw error;
  });
  return opened.current;
}

/** Stops the worker and closes the database; the next getServices() opens them again. */
export async function closeProcessServices() {
  const current = opened.current;
  opened.current = undefined;
  const services = await current?.catch(() => undefined);
  if (services) await closeServices(services);
}
