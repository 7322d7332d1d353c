// The outbox against pg-boss and graphile-worker on the embedded PostgreSQL (docs/decisions/0021-the-outbox.md):
// (a) what enqueueing costs inside the request's own transaction, (b) how long from that commit until a worker
// holds the job, (c) what each costs while idle (statements a minute, connections held), (d) what each adds to
// a production install. pg-boss and graphile-worker are dev dependencies for this script only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Logger, run as runGraphile } from "graphile-worker";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { readConfig } from "#app/lib/env.server.ts";
import { claimNextMessage } from "#app/mail-out/claim.server.ts";
import { startOutboxWorker } from "#app/mail-out/outbox.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { startEmbeddedPostgres } from "#db/embedded.server.ts";
import { packageWeight } from "#scripts/package-weight.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

const enqueueRuns = Number(process.env.BENCH_ENQUEUE ?? 300);
const latencyRuns = Number(process.env.BENCH_LATENCY ?? 30);
const idleSeconds = Number(process.env.BENCH_IDLE_S ?? 60);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const summary = (values: number[]) =>
  `median ${ms(quantile(values, 0.5))} ms, p95 ${ms(quantile(values, 0.95))} ms, max ${ms(Math.max(...values))} ms`;
const silent = { info() {}, warn() {}, error() {} };
const quietGraphile = new Logger(() => () => {});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-bench-outbox-"));
const database = await openDatabase({ dataDir });
const { connection } = await startEmbeddedPostgres(dataDir, { share: true });
const logFile = path.join(dataDir, "postgres", "log", "postgres.log");
const admin = new pg.Client(connection);
await admin.connect();

const boss = new PgBoss({ ...connection, useListenNotify: true, max: 4 });
boss.on("error", () => {});
await boss.start();
await boss.createQueue("bench", { notify: true });
await boss.createQueue("notify", { notify: true });
/** A pool whose dropped connections are ignored rather than thrown (graphile-worker asks for both handlers). */
function quietPool(max: number) {
  const pool = new pg.Pool({ ...connection, max });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}
const graphilePool = quietPool(4);
const startGraphile = (pgPool: pg.Pool, onJob: (key: string) => void) =>
  runGraphile({
    pgPool,
    concurrency: 1,
    noHandleSignals: true,
    logger: quietGraphile,
    taskList: { notify: async (payload) => onJob((payload as { key: string }).key) },
  });
// Installs graphile-worker's schema before the first add_job.
await (await startGraphile(graphilePool, () => {})).stop();

// One pickup time per job, keyed by what the job carries.
const pickedUp = new Map<string, number>();

type Enqueue = (client: pg.PoolClient, quoteId: number, key: string) => Promise<unknown>;
const enqueues: Record<string, Enqueue> = {
  "in-house outbox (insert)": (client, quoteId, key) =>
    client.query("insert into outbox (quote_id, kind, payload) values ($1, 'email', $2)", [
      quoteId,
      JSON.stringify({ reference: key }),
    ]),
  "graphile-worker (add_job)": (client, _quoteId, key) =>
    client.query("select graphile_worker.add_job('bench', $1::json)", [JSON.stringify({ key })]),
  "pg-boss (send with db)": (client, _quoteId, key) =>
    boss.send("bench", { key }, { db: { executeSql: (text, values) => client.query(text, values) } }),
};

/** (a) The request's transaction as storeQuote makes it (the quote row, then its notification), timed. */
async function enqueueCost() {
  const pool = new pg.Pool({ ...connection, max: 1 });
  const timings = Object.fromEntries(
    Object.keys(enqueues).map((name) => [name, { enqueue: [] as number[], total: [] as number[] }]),
  );
  for (let i = 0; i < enqueueRuns; i++) {
    // Round-robin, so drift on a shared machine falls on every contender alike.
    for (const [name, enqueue] of Object.entries(enqueues)) {
      const client = await pool.connect();
      const started = performance.now();
      await client.query("begin");
      const key = `bench-${name.length}-${i}-${Math.random()}`;
      const inserted = await client.query<{ id: number }>(
        `insert into quotes (reference, customer_name, email, requirements, urgency, status, idempotency_key)
         values ($1, 'Bench Buyer', 'bench@example.test', 'bench', 'standard', 'won', $1) returning id`,
        [key.slice(0, 60)],
      );
      const before = performance.now();
      await enqueue(client, inserted.rows[0]?.id ?? 0, key);
      const after = performance.now();
      await client.query("commit");
      const total = performance.now() - started;
      client.release();
      timings[name]?.enqueue.push(after - before);
      timings[name]?.total.push(total);
    }
  }
  await pool.end();
  // The benchmark's jobs are not for the latency run that follows.
  await admin.query("delete from outbox where status = 'pending'");
  await admin.query("delete from graphile_worker._private_jobs");
  await boss.deleteAllJobs("bench");
  return timings;
}

/** (b) Commit to pickup, one job at a time with random gaps so a poll's phase is random too. */
async function pickupLatency() {
  const config = readConfig({ DATA_DIR: dataDir, SITE_URL: "http://localhost" });
  const worker = startOutboxWorker({ db: database.db, config, logger: silent });
  const graphile = await startGraphile(graphilePool, (key) => pickedUp.set(key, performance.now()));
  await boss.work("notify", { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) pickedUp.set((job.data as { key: string }).key, performance.now());
  });
  const results: Record<string, number[]> = {};
  const record = (name: string, value: number) => {
    results[name] ??= [];
    results[name].push(value);
  };
  const waitFor = async (key: string) => {
    while (!pickedUp.has(key)) await sleep(2);
    return pickedUp.get(key) ?? 0;
  };
  // The outbox records when it finished sending (the .eml written): an upper bound of its pickup.
  const sent = async (reference: string) => {
    for (;;) {
      const { rows } = await admin.query<{ at: Date | null }>(
        `select o.sent_at as at from outbox o join quotes q on q.id = o.quote_id
         where q.reference = $1 and o.status = 'sent'`,
        [reference],
      );
      if (rows[0]?.at) return rows[0].at.getTime();
      await sleep(5);
    }
  };
  for (let i = 0; i < latencyRuns; i++) {
    for (const kick of [true, false]) {
      await sleep(300 + Math.random() * 1000);
      const stored = await storeQuote(database.db, sampleQuote, storeMeta());
      const committed = Date.now();
      if (kick) worker.kick();
      record(
        kick
          ? "in-house, kicked by the process that stored it (to sent)"
          : "in-house, found by its poll (5 s; to sent)",
        (await sent(stored.reference)) - committed,
      );
    }
    await sleep(300 + Math.random() * 1000);
    let key = `g-${i}`;
    await admin.query("select graphile_worker.add_job('notify', $1::json)", [JSON.stringify({ key })]);
    let committed = performance.now();
    record("graphile-worker (LISTEN/NOTIFY)", (await waitFor(key)) - committed);
    await sleep(300 + Math.random() * 1000);
    key = `b-${i}`;
    await boss.send("notify", { key });
    committed = performance.now();
    record("pg-boss (useListenNotify, queue notify)", (await waitFor(key)) - committed);
  }
  await boss.offWork("notify");
  await graphile.stop();
  await worker.stop();
  // What a kick does first, on its own: the claim that hands the message to the sender.
  for (let i = 0; i < latencyRuns; i++) {
    await sleep(100);
    await storeQuote(database.db, sampleQuote, storeMeta());
    const committed = performance.now();
    const message = await claimNextMessage(database.db, new Date());
    record("in-house, kicked (to claimed)", performance.now() - committed);
    await admin.query("update outbox set status = 'sent' where id = $1", [message?.id]);
  }
  return results;
}

/** (c) With only one contender running: statements it sent (PostgreSQL's log) and connections it held. */
async function idleCost(name: string, start: () => Promise<() => Promise<void>>) {
  const stop = await start();
  // Idle pool connections of earlier phases close after 10 s; then only this contender's remain.
  await sleep(15_000);
  await admin.query("alter system set log_statement = 'all'");
  await admin.query("select pg_reload_conf()");
  await sleep(500);
  const from = fs.statSync(logFile).size;
  await sleep(idleSeconds * 1000);
  const log = fs.readFileSync(logFile, "utf8").slice(from);
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  await admin.query("alter system reset log_statement");
  await admin.query("select pg_reload_conf()");
  await stop();
  const statements = log.split("\n").filter((line) => /LOG: {2}(statement|execute [^:]*):/.test(line)).length;
  return { name, perMinute: Math.round((statements * 60) / idleSeconds), connections: rows[0]?.n ?? 0 };
}

try {
  const enqueue = await enqueueCost();
  const latency = await pickupLatency();
  await boss.stop({ graceful: true });
  const idle = [
    await idleCost("nothing running (the embedded server's own lock connection)", async () => async () => {}),
    await idleCost("in-house outbox", async () => {
      const config = readConfig({ DATA_DIR: dataDir, SITE_URL: "http://localhost" });
      const worker = startOutboxWorker({ db: database.db, config, logger: silent });
      return () => worker.stop();
    }),
    await idleCost("graphile-worker", async () => {
      const pool = quietPool(10);
      const runner = await startGraphile(pool, () => {});
      return async () => {
        await runner.stop();
        await pool.end();
      };
    }),
    await idleCost("pg-boss", async () => {
      const idleBoss = new PgBoss({ ...connection, useListenNotify: true });
      idleBoss.on("error", () => {});
      await idleBoss.start();
      await idleBoss.work("notify", async () => {});
      return () => idleBoss.stop({ graceful: true });
    }),
  ];
  const weights = ["pg-boss", "graphile-worker"].map((name) => ({ name, ...packageWeight(name) }));

  console.log(
    `\n(a) Enqueue inside the request's transaction (${enqueueRuns} each, round-robin, synchronous commit on)`,
  );
  for (const [name, t] of Object.entries(enqueue)) {
    console.log(`  ${name}: enqueue ${summary(t.enqueue)}; whole transaction ${summary(t.total)}`);
  }
  console.log(`\n(b) Commit to pickup (${latencyRuns} each, one at a time)`);
  for (const [name, values] of Object.entries(latency)) console.log(`  ${name}: ${summary(values)}`);
  console.log(`\n(c) Idle, ${idleSeconds} s each with no jobs (defaults; the notify options as above)`);
  for (const r of idle)
    console.log(`  ${r.name}: ${r.perMinute} statements a minute, ${r.connections} connections held`);
  console.log("\n(d) Added to a production install (beyond our own dependencies)");
  for (const w of weights) {
    console.log(`  ${w.name}: ${w.packages} packages in all, ${w.added} new, ${(w.addedBytes / 1e6).toFixed(1)} MB`);
  }
  console.log(
    `\n${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await admin.end();
  await graphilePool.end().catch(() => {});
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
