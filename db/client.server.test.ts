import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { type Database, type Db, openDatabase } from "#db/client.server.ts";
import { embeddedMajor } from "#db/embedded-checks.server.ts";
import { attachments, quoteEvents, quotes, settings, staffUser } from "#db/schema.ts";
import journal from "#drizzle/meta/_journal.json";
import { holdDatabaseInChild, openInChild } from "#test/holder.ts";
import { nodeBin } from "#test/node.ts";
import { describePostgres, setupTimeoutMs } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

type Rows<T> = { rows: T[] };

const query = async <T>(db: Db, statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as Rows<T>).rows;

function postmasterPid(dataDir: string) {
  try {
    return Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return undefined;
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm run convert-pglite -- DATA_DIR`, as an operator runs it. */
function convertCommand(dataDir: string) {
  return spawnSync(nodeBin, ["scripts/convert-pglite.ts", dataDir], { encoding: "utf8", timeout: setupTimeoutMs });
}

async function until(condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("embedded PostgreSQL", () => {
  let dataDir: string;
  const opened: Database[] = [];
  const open = async () => {
    const database = await openDatabase({ dataDir });
    opened.push(database);
    return database;
  };
  const closeAll = () => Promise.all(opened.splice(0).map((d) => d.close()));

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-embedded-"));
  });
  afterEach(async () => {
    await closeAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "creates a durable cluster reachable only by its socket, keeps data across restarts and stops on close",
    async () => {
      const first = await open();
      expect(fs.statSync(path.join(dataDir, "postgres-password")).mode & 0o777).toBe(0o600);
      const [setting] = await query<Record<string, string>>(
        first.db,
        sql`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync,
          current_setting('full_page_writes') as fpw, current_setting('listen_addresses') as listen,
          current_setting('server_version_num') as version`,
      );
      expect(setting).toMatchObject({ fsync: "on", sync: "on", fpw: "on", listen: "" });
      expect(Math.floor(Number(setting?.version) / 10000)).toBe(embeddedMajor);
      await first.db.insert(settings).values({ key: "probe", value: "kept" });
      const pid = postmasterPid(dataDir);
      expect(pid).toBeGreaterThan(0);
      await closeAll();
      expect(postmasterPid(dataDir)).toBeUndefined();
      expect(isRunning(pid ?? 0)).toBe(false);

      const second = await open();
      expect(await second.db.select().from(settings).where(eq(settings.key, "probe"))).toEqual([
        { key: "probe", value: "kept" },
      ]);
      const tables = await query<{ table_name: string }>(
        second.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      expect(tables.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(["attachments", "outbox", "quote_events", "quotes", "rate_limits", "settings"]),
      );
    },
    setupTimeoutMs,
  );

  it(
    "refuses a second server on the same DATA_DIR, naming the one running, and opens once it stops",
    async () => {
      const holder = await holdDatabaseInChild(dataDir);
      try {
        const refused = await openInChild(dataDir);
        expect(refused).toEqual({
          opened: false,
          name: "DatabaseStartError",
          message: `Another server (pid ${holder.pid}) is using DATA_DIR ${dataDir}. Stop it first, or give this one its own DATA_DIR.`,
        });
      } finally {
        await holder.release();
      }
      await open();
    },
    setupTimeoutMs,
  );

  it(
    "stops PostgreSQL when its server is killed, and the next start finds everything committed",
    async () => {
      const database = await open();
      await database.db.insert(settings).values({ key: "before-kill", value: "1" });
      await closeAll();
      const holder = await holdDatabaseInChild(dataDir);
      const pid = postmasterPid(dataDir);
      await holder.kill();
      // Its pipe closed with the killed process: PostgreSQL shuts down cleanly by itself.
      await until(() => !isRunning(pid ?? 0));
      expect(postmasterPid(dataDir)).toBeUndefined();
      const again = await open();
      expect(await again.db.select().from(settings).where(eq(settings.key, "before-kill"))).toHaveLength(1);
    },
    setupTimeoutMs,
  );

  it(
    "stops PostgreSQL when its supervisor is sent SIGTERM, as a pkill on the project's folder does",
    async () => {
      const database = await open();
      await database.db.insert(settings).values({ key: "before-term", value: "1" });
      const pid = postmasterPid(dataDir);
      const clusterDir = path.join(dataDir, "postgres");
      // The supervisor and its pipe watcher share one command line, which names the cluster's folder.
      const supervisors = fs
        .readdirSync("/proc")
        .filter((entry) => /^\d+$/.test(entry))
        .filter((entry) => {
          try {
            const args = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
            return args.includes("mro-postgres") && args.includes(clusterDir);
          } catch {
            return false;
          }
        })
        .map(Number);
      expect(supervisors.length).toBeGreaterThanOrEqual(1);
      for (const supervisor of supervisors) process.kill(supervisor, "SIGTERM");
      await until(() => !isRunning(pid ?? 0));
      expect(postmasterPid(dataDir)).toBeUndefined();
      await closeAll();
      const again = await open();
      expect(await again.db.select().from(settings).where(eq(settings.key, "before-term"))).toHaveLength(1);
    },
    setupTimeoutMs,
  );

  it(
    "opens straight after its server is killed, waiting for the old PostgreSQL to finish shutting down",
    async () => {
      await open();
      const pid = postmasterPid(dataDir) ?? 0;
      const log = () => fs.readFileSync(path.join(dataDir, "postgres", "log", "postgres.log"), "utf8");
      // A smart shutdown waits for our open sessions: the window a killed server leaves, held open as long as needed.
      process.kill(pid, "SIGTERM");
      await until(() => log().includes("received smart shutdown request"));
      let settled = false;
      const next = openInChild(dataDir).finally(() => {
        settled = true;
      });
      await until(() => settled || log().split("the database system is shutting down").length > 3);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(settled).toBe(false);
      await closeAll();
      expect(await next).toEqual({ opened: true });
      expect(isRunning(pid)).toBe(false);
    },
    setupTimeoutMs,
  );

  it(
    "starts over a postmaster.pid left by a kill -9 of everything, even when its pid now names another process",
    async () => {
      await open();
      await closeAll();
      const stranger = spawn("sleep", ["30"]);
      try {
        const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
        fs.writeFileSync(pidFile, `${stranger.pid}\n${path.join(dataDir, "postgres")}\n0\n5432\n`);
        const database = await open();
        expect(await query(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      } finally {
        stranger.kill();
      }
    },
    setupTimeoutMs,
  );

  it("stops with one clear line for a cluster of a newer PostgreSQL, and for a DATA_DIR it cannot use", async () => {
    await open();
    await closeAll();
    fs.writeFileSync(path.join(dataDir, "postgres", "PG_VERSION"), `${embeddedMajor + 1}\n`);
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `The database in ${dataDir}/postgres was made by PostgreSQL ${embeddedMajor + 1}; this version runs PostgreSQL ${embeddedMajor}: run the newer version of this site that made it, or set DATABASE_URL to a server of that version.`,
    );
    const file = path.join(dataDir, "a-file");
    fs.writeFileSync(file, "");
    await expect(openDatabase({ dataDir: file })).rejects.toMatchObject({
      name: "DatabaseStartError",
      message: `DATA_DIR ${file} cannot hold the database: it is a file, not a folder: choose a folder for DATA_DIR.`,
    });
  });

  it(
    "refuses an earlier version's PGlite database with one line; `npm run convert-pglite` converts it, losing nothing, and keeps the old files aside",
    async () => {
      const old = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
      const oldDb = drizzle({ client: old }) as unknown as Db;
      await migrate(drizzle({ client: old }), { migrationsFolder: "drizzle" });
      const stored = [];
      for (let i = 0; i < 3; i++) {
        stored.push(
          await storeQuote(oldDb, { ...sampleQuote, customerName: `Buyer ${i}` }, storeMeta({ forward: true })),
        );
      }
      const [firstQuote] = await oldDb
        .select()
        .from(quotes)
        .where(eq(quotes.reference, stored[0]?.reference ?? ""));
      const quoteId = firstQuote?.id ?? 0;
      await oldDb.insert(attachments).values({
        quoteId,
        storageKey: "2026/11/photo.webp",
        fileName: "pump.jpg",
        contentType: "image/webp",
        size: 1234,
      });
      await oldDb.insert(quoteEvents).values({ quoteId, kind: "note", detail: { text: "Rang back" } });
      await oldDb.insert(staffUser).values({ id: "u1", name: "Sam Sales", email: "sam@example.test", role: "admin" });
      const tableCounts = async (db: Db) =>
        Object.fromEntries(
          await Promise.all(
            ["quotes", "attachments", "quote_events", "outbox", "staff_user", "settings"].map(async (table) => [
              table,
              (await query<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n,
            ]),
          ),
        );
      const before = await tableCounts(oldDb);
      await old.close();
      fs.writeFileSync(path.join(dataDir, "db.lock"), "1\n");

      await expect(openDatabase({ dataDir })).rejects.toMatchObject({
        name: "DatabaseStartError",
        message: `${dataDir}/db holds data from an earlier version: run \`npm run convert-pglite\` once, then start again.`,
      });
      // Refused before anything was made beside the old files.
      expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
      const command = convertCommand(dataDir);
      expect(command.status).toBe(0);
      const logged = command.stdout.split("\n").find((line) => line.startsWith("embedded database converted"));
      expect(JSON.parse(logged?.replace(/^[^{]*/, "") ?? "{}")).toEqual({
        keptAt: expect.stringMatching(new RegExp(`^${dataDir}/db\\.pglite-`)),
        rows: expect.objectContaining({ quotes: 3, attachments: 1, staff_user: 1, outbox: 6 }),
      });
      // Counts and where the files went; nobody's name, address or words.
      expect(command.stdout + command.stderr).not.toMatch(/Buyer|Sam Sales|example\.test|works\.example|6205/);

      const database = await open();
      expect(await tableCounts(database.db)).toEqual(before);
      const [converted] = await database.db
        .select()
        .from(quotes)
        .where(eq(quotes.reference, stored[0]?.reference ?? ""));
      expect(converted).toMatchObject({ customerName: "Buyer 0", requirements: sampleQuote.requirements });
      expect(converted?.createdAt).toEqual(firstQuote?.createdAt);
      expect(before).toMatchObject({
        quotes: 3,
        attachments: 1,
        quote_events: expect.any(Number),
        outbox: 6,
        staff_user: 1,
      });
      const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith("db.pglite-"));
      expect(kept).toHaveLength(1);
      expect(fs.existsSync(path.join(dataDir, "db"))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
      // New rows continue the old numbering.
      const next = await storeQuote(database.db, sampleQuote, storeMeta());
      const [row] = await database.db.select().from(quotes).where(eq(quotes.reference, next.reference));
      expect(row?.id).toBe(4);
      await closeAll();
      expect(convertCommand(dataDir).stdout).toBe(
        `${dataDir}/db holds no data from an earlier version: nothing to convert.\n`,
      );
      await open();
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("db.pglite-"))).toEqual(kept);
    },
    setupTimeoutMs * 2,
  );
});

describePostgres("PostgreSQL database", (server) => {
  it("migrates once when several processes start together, and never touches DATA_DIR", async () => {
    const databaseUrl = await (await server()).createDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-db-"));
    try {
      const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ dataDir, databaseUrl })));
      try {
        const [first] = databases;
        const migrations = (await first?.db.execute(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        )) as unknown as Rows<{ count: number }>;
        // Each committed migration applied exactly once, though three processes raced to apply them.
        expect(migrations.rows).toEqual([{ count: journal.entries.length }]);
        await first?.db.insert(settings).values({ key: "probe", value: "shared" });
        const seen = await databases[2]?.db.select().from(settings).where(eq(settings.key, "probe"));
        expect(seen).toEqual([{ key: "probe", value: "shared" }]);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
