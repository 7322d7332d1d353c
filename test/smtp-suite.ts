import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Config } from "#app/lib/env.server.ts";
import type { WorkerLogger } from "#app/lib/logger.server.ts";
import { startOutboxWorker } from "#app/mail-out/outbox.server.ts";
import type { Db } from "#db/types.ts";
import { type SmtpSink, startSmtpSink } from "#test/smtp.ts";

/** An SMTP sink started for the enclosing suite and emptied before each of its tests. */
export function suiteSmtpSink() {
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.stop());
  beforeEach(() => {
    if (sink) sink.messages.length = 0;
  });
  return () => {
    if (!sink) throw new Error("The suite's SMTP sink has not started");
    return sink;
  };
}

/**
 * Delivers what the outbox holds to the suite's sink: one pass of the real worker, which returns once the pass
 * has finished (so a test may then assert what was not sent), and no polling after it.
 */
export async function deliverOutbox(options: {
  db: Db;
  config: Config;
  sink: SmtpSink;
  dataDir: string;
  logger?: WorkerLogger;
}) {
  const worker = startOutboxWorker({
    db: options.db,
    config: { ...options.config, smtpUrl: options.sink.url, dataDir: options.dataDir },
    logger: options.logger ?? { info() {}, warn() {}, error() {} },
    pollMs: 3_600_000,
  });
  await worker.runOnce();
  await worker.stop();
}
