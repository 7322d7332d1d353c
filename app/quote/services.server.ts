import { type Database, openDatabase } from "../../db/client.server.ts";
import { type Config, getConfig } from "../lib/env.server.ts";
import { getLogger } from "../lib/logger.server.ts";
import { startOutboxWorker } from "./outbox.server.ts";
import { createRateLimiter } from "./rate-limit.server.ts";
import { getIpSalt } from "./store.server.ts";

export type QuoteServices = {
  config: Config;
  database: Database;
  rateLimiter: ReturnType<typeof createRateLimiter>;
  outbox: ReturnType<typeof startOutboxWorker>;
  ipSalt: string;
};

let services: Promise<QuoteServices> | undefined;

async function create(config: Config): Promise<QuoteServices> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const ipSalt = await getIpSalt(database.db);
  // Counters shared between processes only matter when processes share PostgreSQL.
  const rateLimiter = createRateLimiter({
    limit: config.quoteRateLimit,
    db: database.kind === "postgres" ? database.db : undefined,
  });
  const outbox = startOutboxWorker({ db: database.db, config, logger: getLogger() });
  return { config, database, rateLimiter, outbox, ipSalt };
}

/** The database, rate limiter and notification worker, opened once per process on first use. */
export function getQuoteServices() {
  services ??= create(getConfig()).catch((error) => {
    services = undefined;
    throw error;
  });
  return services;
}

export async function closeQuoteServices() {
  if (!services) return;
  const opened = await services.catch(() => undefined);
  services = undefined;
  if (!opened) return;
  await opened.outbox.stop();
  await opened.database.close();
}
