import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type Database, type Db, openDatabase } from "#db/client.server.ts";
import { findBinaries, unprivilegedUser } from "#db/embedded.server.ts";
import { freePort } from "#test/node.ts";

/** Debian's server binaries (apt-get install postgresql), newest major first: a second, external server. */
export function findDebianPostgresBin() {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (fs.existsSync(path.join(bin, "initdb")) && fs.existsSync(path.join(bin, "pg_ctl"))) return bin;
  }
  return undefined;
}

export type PostgresServer = {
  url: string;
  /** A fresh, empty database on this server; returns its URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
};

type RunAs = ReturnType<typeof unprivilegedUser>;

function run(command: string, args: string[], runAs: RunAs) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * A throwaway cluster on a free loopback port, without fsync (tests need speed, not power-cut safety):
 * the embedded binaries, or Debian's where a second, external server is the point. initdb refuses
 * root, so it then runs as "postgres".
 */
export async function startPostgres(source: "embedded" | "debian" = "embedded"): Promise<PostgresServer> {
  const runAs = unprivilegedUser();
  const bin = source === "debian" ? findDebianPostgresBin() : path.dirname((await findBinaries(runAs)).postgres);
  if (!bin) throw new Error(missingMessage);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-pg-"));
  const dataDir = path.join(dir, "data");
  if (runAs) fs.chownSync(dir, runAs.uid, runAs.gid);
  const port = await freePort();
  const pgCtl = path.join(bin, "pg_ctl");
  try {
    await run(
      path.join(bin, "initdb"),
      ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"],
      runAs,
    );
    const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
    await run(pgCtl, ["-D", dataDir, "-o", serverOptions, "-l", path.join(dir, "server.log"), "-w", "start"], runAs);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const server = postgresAt(`postgresql://postgres@127.0.0.1:${port}/postgres`);
  return {
    ...server,
    async stop() {
      await run(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"], runAs).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates databases on the server at `url`; stopping it is left to whoever started it. */
function postgresAt(url: string): PostgresServer {
  return {
    url,
    async createDatabase() {
      const name = `test_${randomBytes(6).toString("hex")}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      const database = new URL(url);
      database.pathname = `/${name}`;
      return database.href;
    },
    async stop() {},
  };
}

/**
 * A fresh, empty database on the embedded server every test file shares, for a production server started
 * with DATABASE_URL: what a suite about HTTP, forms or the desk needs, without each server creating and
 * starting a cluster of its own. Suites about the embedded database itself start the server without it.
 */
export async function freshDatabaseUrl() {
  return postgresAt(inject("embeddedPostgresUrl")).createDatabase();
}

const missingMessage =
  "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (initdb, pg_ctl). " +
  "Install them with: apt-get install -y postgresql";

/**
 * initdb can take several seconds on a loaded two-core runner, and a command that starts PostgreSQL and
 * converts or reads a database most of a minute while other suites run beside it: a ceiling, not a wait.
 */
export const setupTimeoutMs = 120_000;

let debianServer: Promise<PostgresServer> | undefined;

/**
 * Debian's server, where a second, external server is the point: one per test file, stopped after it (and
 * forgotten, as files share this module when a worker runs several). The embedded one is started once for
 * the whole run instead.
 */
function debianPostgres() {
  if (!debianServer) {
    const started = startPostgres("debian");
    // The suites' beforeAll reports a failed start; this only keeps it from surfacing as unhandled.
    started.catch(() => {});
    afterAll(() => {
      debianServer = undefined;
      return started.then(
        (s) => s.stop(),
        () => {},
      );
    }, setupTimeoutMs);
    debianServer = started;
  }
  return debianServer;
}

/**
 * Whether the Debian server can run. Without its binaries: an error under CI, where they must be
 * installed; elsewhere the suite is declared skipped with the reason in its name.
 */
function debianPostgresAvailable(label: string, body: () => void) {
  if (findDebianPostgresBin()) return true;
  if (process.env.CI) throw new Error(`${label}: ${missingMessage}`);
  console.warn(`Skipping ${label}: ${missingMessage}`);
  describe.skip(`${label} (skipped: ${missingMessage})`, body);
  return false;
}

/** A suite that needs an external PostgreSQL server of its own file (Debian's; shared by the file's suites). */
export function describePostgres(title: string, body: (server: () => Promise<PostgresServer>) => void) {
  const label = `${title} [external PostgreSQL]`;
  const unavailable = () => Promise.reject(new Error(missingMessage));
  if (!debianPostgresAvailable(label, () => body(unavailable))) return;
  const server = debianPostgres();
  describe(label, () => body(() => server));
}

export type TestDatabase = {
  /** The database opened for the suite. */
  readonly database: Database;
  /** Temporary DATA_DIR of the suite (holds e.g. the .eml outbox). */
  readonly dataDir: string;
  /** Lets a test open a second, independent connection pool. */
  readonly databaseUrl: string;
};

/** Declares a suite on a fresh, migrated database of its own, on the file's PostgreSQL server. */
export function describeDatabase(title: string, body: (target: TestDatabase) => void) {
  let database: Database | undefined;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  const target: TestDatabase = {
    get database() {
      if (!database) throw new Error("The test database is not open yet");
      return database;
    },
    get dataDir() {
      if (!dataDir) throw new Error("The test data directory does not exist yet");
      return dataDir;
    },
    get databaseUrl() {
      if (!databaseUrl) throw new Error("The test database is not created yet");
      return databaseUrl;
    },
  };
  describe(title, () => {
    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-data-"));
      databaseUrl = await freshDatabaseUrl();
      database = await openDatabase({ dataDir, databaseUrl });
    }, setupTimeoutMs);
    afterAll(async () => {
      await database?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, setupTimeoutMs);
    body(target);
  });
}

/** Empties every table, so each test starts from nothing without reopening the database. */
export async function resetTables(db: Db) {
  await db.execute(sql`truncate quotes, outbox, rate_limits restart identity cascade`);
}
