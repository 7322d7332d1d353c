import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it, onTestFinished } from "vitest";
import { openDatabase } from "#db/client.server.ts";
import { quotes } from "#db/schema.ts";
import { crash, crashRecoveries } from "#test/crash.ts";
import { quoteForm, type RunningServer, startServer, validQuote } from "#test/server.ts";

const KILLS = 4;
const CONCURRENCY = 16;
/** Each server life must acknowledge this many before it is killed: the test is as strict on a slow machine. */
const PER_LIFE = 15;

it(`keeps every acknowledged quote across ${KILLS} SIGKILLs under load, half of them of the database too`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-durability-"));
  const acknowledged = new Set<string>();
  let attempted = 0;
  let failed = 0;
  let server: RunningServer = await startServer({ QUOTE_RATE_LIMIT: "10000" }, dataDir);
  // A run that fails or times out leaves no server (and no database) behind.
  onTestFinished(() => server.stop("SIGKILL").then(() => {}));
  let running = true;
  /** How many PostgreSQL processes (postmaster, backends, writers) each crash killed. */
  const databaseKilled: number[] = [];

  const client = async (id: number) => {
    while (running) {
      attempted++;
      const n = attempted;
      try {
        const response = await fetch(`${server.url}/?index`, {
          method: "POST",
          body: quoteForm({ ...validQuote, customerName: `Buyer ${id}-${n}` }),
          headers: { origin: server.url, "x-forwarded-for": `10.1.${id}.${n % 250}` },
        });
        const reference = (await response.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0];
        if (response.status === 200 && reference) acknowledged.add(reference);
        else failed++;
      } catch {
        // The server died mid-request: no acknowledgement, so nothing is owed. A pause, not a storm of
        // refused connections competing with the restart for the CPU.
        failed++;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  const clients = Array.from({ length: CONCURRENCY }, (_, id) => client(id));

  const acknowledgedSoon = async (count: number) => {
    const deadline = Date.now() + 20_000;
    while (acknowledged.size < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  for (let kill = 0; kill < KILLS; kill++) {
    await acknowledgedSoon(acknowledged.size + PER_LIFE);
    // Killed while requests are in flight, at a point the test does not choose.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
    // Every other kill is the machine crashing: PostgreSQL dies with the server, without a clean shutdown.
    if (kill % 2 === 0) databaseKilled.push((await crash(server)).filter((c) => c.startsWith("postgres")).length);
    else await server.stop("SIGKILL");
    server = await startServer({ QUOTE_RATE_LIMIT: "10000" }, dataDir);
  }
  await acknowledgedSoon(acknowledged.size + PER_LIFE);
  running = false;
  await Promise.all(clients);
  expect(await server.stop()).toBe(0);

  const database = await openDatabase({ dataDir });
  const rows = await database.db.select({ reference: quotes.reference }).from(quotes);
  const stored = new Set(rows.map((row) => row.reference));
  const lost = [...acknowledged].filter((reference) => !stored.has(reference));
  await database.close();
  console.log(
    `durability: ${attempted} sent, ${acknowledged.size} acknowledged, ${failed} unanswered or refused, ${rows.length} stored, ${lost.length} lost after ${KILLS} SIGKILLs (${databaseKilled.join(" and ")} database processes killed with the server)`,
  );
  expect(acknowledged.size).toBeGreaterThanOrEqual((KILLS + 1) * PER_LIFE);
  expect(lost).toEqual([]);
  // The crashes took the whole database down, and it recovered from its log after each; the server alone
  // dying lets it shut down cleanly.
  expect(databaseKilled).toHaveLength(KILLS / 2);
  for (const killed of databaseKilled) expect(killed).toBeGreaterThanOrEqual(4);
  expect(crashRecoveries(dataDir)).toBe(KILLS / 2);
  // Two of the starts recover the database from its log: slow on a busy machine.
}, 240_000);
