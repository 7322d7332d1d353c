import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLock, type Database, DatabaseLockedError, lockFileName, openDatabase } from "#db/client.server.ts";
import { settings } from "#db/schema.ts";
import journal from "#drizzle/meta/_journal.json";
import { holdDatabaseInChild, openInChild } from "#test/lock.ts";
import { nodeBin } from "#test/node.ts";
import { describePostgres, newDataDir, setupTimeoutMs } from "#test/pg.ts";

/** Both drivers answer a raw query with { rows }; the shared Db type cannot say so. */
type Rows<T> = { rows: T[] };

describe("embedded database (PGlite)", () => {
  let dataDir: string;
  const opened: Database[] = [];
  const open = async () => {
    const database = await openDatabase({ dataDir });
    opened.push(database);
    return database;
  };
  const lockFile = () => path.join(dataDir, lockFileName);

  beforeEach(async () => {
    dataDir = await newDataDir();
  }, setupTimeoutMs);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "creates and migrates a new database, keeps data across restarts and releases the lock on close",
    async () => {
      fs.rmSync(path.join(dataDir, "db"), { recursive: true });
      const first = await open();
      expect(fs.readdirSync(path.join(dataDir, "db")).length).toBeGreaterThan(0);
      expect(first.kind).toBe("pglite");
      await first.db.insert(settings).values({ key: "probe", value: "kept" });
      expect(fs.readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
      await first.close();
      expect(fs.existsSync(lockFile())).toBe(false);

      const second = await open();
      const rows = await second.db.select().from(settings).where(eq(settings.key, "probe"));
      expect(rows).toEqual([{ key: "probe", value: "kept" }]);
      const tables = (await second.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      )) as unknown as Rows<{ table_name: string }>;
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining([
          "attachments",
          "outbox",
          "quote_events",
          "quote_lines",
          "quotes",
          "rate_limits",
          "settings",
        ]),
      );
    },
    setupTimeoutMs,
  );

  it("refuses a second open, in this process or another, while it is open", async () => {
    await open();
    const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseLockedError);
    expect(error).toMatchObject({ pid: process.pid, dataDir });
    expect((error as Error).message).toContain(`Another process (pid ${process.pid}) is using DATA_DIR ${dataDir}`);
    expect(await openInChild(dataDir)).toMatchObject({
      opened: false,
      name: "DatabaseLockedError",
      pid: process.pid,
    });
  });

  it("refuses this process while another one holds it, and opens once it is released", async () => {
    const holder = await holdDatabaseInChild(dataDir);
    try {
      const error = await openDatabase({ dataDir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseLockedError);
      expect(error).toMatchObject({ pid: holder.pid });
    } finally {
      await holder.release();
    }
    expect(fs.existsSync(lockFile())).toBe(false);
    expect((await open()).kind).toBe("pglite");
  });

  it("takes over the lock of a process that died", async () => {
    const dead = spawnSync(nodeBin, ["-e", ""]).pid;
    fs.writeFileSync(lockFile(), `${dead}\n`);
    await open();
    expect(fs.readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith(`${lockFileName}.`))).toEqual([]);
  });

  it("takes over a lock left with this process's pid by an earlier run (pids recycle in containers)", () => {
    fs.writeFileSync(lockFile(), `${process.pid}\n`);
    const release = acquireLock(dataDir);
    expect(() => acquireLock(dataDir)).toThrow(DatabaseLockedError);
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it("takes over a lock file without a pid", () => {
    fs.writeFileSync(lockFile(), "garbage");
    const release = acquireLock(dataDir);
    expect(fs.readFileSync(lockFile(), "utf8").trim()).toBe(String(process.pid));
    release();
  });

  it("does not delete a lock it no longer holds", () => {
    const release = acquireLock(dataDir);
    fs.writeFileSync(lockFile(), "1\n");
    release();
    expect(fs.readFileSync(lockFile(), "utf8")).toBe("1\n");
  });
});

describePostgres("PostgreSQL database", (server) => {
  it("migrates once when several processes start together, and never touches DATA_DIR", async () => {
    const databaseUrl = await (await server()).createDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-db-"));
    try {
      const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ dataDir, databaseUrl })));
      try {
        expect(databases.map((d) => d.kind)).toEqual(["postgres", "postgres", "postgres"]);
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
