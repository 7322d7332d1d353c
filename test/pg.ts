import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { type Database, type Db, openDatabase } from "#db/client.server.ts";
import { freePort } from "#test/node.ts";

/** Debian's server binaries (apt-get install postgresql), newest major first. */
export function findPostgresBin() {
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

function run(command: string, args: string[], asUser: string | undefined) {
  const [file, argv] = asUser ? ["runuser", ["-u", asUser, "--", command, ...args]] : [command, args];
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
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

/** A throwaway cluster on a free loopback port; initdb refuses root, so it then runs as "postgres". */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(missingMessage);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-pg-"));
  const dataDir = path.join(dir, "data");
  const asUser = process.getuid?.() === 0 ? "postgres" : undefined;
  if (asUser) {
    const uid = Number(execFileSync("id", ["-u", asUser], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", asUser], { encoding: "utf8" }));
    fs.chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const pgCtl = path.join(bin, "pg_ctl");
  try {
    await run(
      path.join(bin, "initdb"),
      ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"],
      asUser,
    );
    const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
    await run(pgCtl, ["-D", dataDir, "-o", serverOptions, "-l", path.join(dir, "server.log"), "-w", "start"], asUser);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
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
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await run(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"], asUser).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const missingMessage =
  "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (initdb, pg_ctl). " +
  "Install them with: apt-get install -y postgresql";

/** initdb and a cold PGlite start can take several seconds on a loaded two-core runner. */
export const setupTimeoutMs = 60_000;

let shared: Promise<PostgresServer> | undefined;

/** One server per test file (each file has its own module instance); stopped after the file. */
function sharedPostgres() {
  if (!shared) {
    const started = startPostgres();
    // The suites' beforeAll reports a failed start; this only keeps it from surfacing as unhandled.
    started.catch(() => {});
    afterAll(
      () =>
        started.then(
          (server) => server.stop(),
          () => {},
        ),
      setupTimeoutMs,
    );
    shared = started;
  }
  return shared;
}

/**
 * Whether PostgreSQL suites can run. Without the server binaries: an error under CI, where they must
 * be installed; elsewhere the suite is declared skipped with the reason in its name.
 */
function postgresAvailable(label: string, body: () => void) {
  if (findPostgresBin()) return true;
  if (process.env.CI) throw new Error(`${label}: ${missingMessage}`);
  console.warn(`Skipping ${label}: ${missingMessage}`);
  describe.skip(`${label} (skipped: ${missingMessage})`, body);
  return false;
}

/** A suite that needs a PostgreSQL server of its own file (shared by the file's suites). */
export function describePostgres(title: string, body: (server: () => Promise<PostgresServer>) => void) {
  const label = `${title} [PostgreSQL]`;
  const unavailable = () => Promise.reject(new Error(missingMessage));
  if (!postgresAvailable(label, () => body(unavailable))) return;
  const server = sharedPostgres();
  describe(label, () => body(() => server));
}

export type TestDatabase = {
  kind: Database["kind"];
  /** The database opened for the suite. */
  readonly database: Database;
  /** Temporary DATA_DIR of the suite (holds the PGlite files, or only e.g. the .eml outbox). */
  readonly dataDir: string;
  /** Set for PostgreSQL: lets a test open a second, independent connection pool. */
  readonly databaseUrl: string | undefined;
};

/**
 * Declares the suite twice: on PGlite in a temporary directory, and on a real PostgreSQL server.
 * Without the server binaries the PostgreSQL half fails under CI and is skipped, visibly, elsewhere.
 */
export function describeEachDatabase(title: string, body: (target: TestDatabase) => void) {
  for (const kind of ["pglite", "postgres"] as const) {
    let database: Database | undefined;
    let dataDir: string | undefined;
    let databaseUrl: string | undefined;
    const target: TestDatabase = {
      kind,
      get database() {
        if (!database) throw new Error("The test database is not open yet");
        return database;
      },
      get dataDir() {
        if (!dataDir) throw new Error("The test data directory does not exist yet");
        return dataDir;
      },
      get databaseUrl() {
        return databaseUrl;
      },
    };
    const label = `${title} [${kind === "pglite" ? "PGlite" : "PostgreSQL"}]`;
    if (kind === "postgres" && !postgresAvailable(label, () => body(target))) continue;
    const server = kind === "postgres" ? sharedPostgres() : undefined;
    describe(label, () => {
      beforeAll(async () => {
        dataDir = kind === "pglite" ? await newDataDir() : fs.mkdtempSync(path.join(os.tmpdir(), "mro-data-"));
        if (server) databaseUrl = await (await server).createDatabase();
        database = await openDatabase({ dataDir, databaseUrl });
      }, setupTimeoutMs);
      afterAll(async () => {
        await database?.close();
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      }, setupTimeoutMs);
      body(target);
    });
  }
}

/** Empties every table, so each test starts from nothing without reopening the database. */
export async function resetTables(db: Db) {
  await db.execute(sql`truncate quotes, outbox, rate_limits restart identity cascade`);
}

const templateRoot = path.resolve("node_modules/.cache/mro-pglite-template");

/** Keyed by the migrations and the PGlite version, so a changed schema builds a new template. */
function templateKey() {
  const hash = createHash("sha256");
  hash.update(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json")));
  const migrations = path.resolve("drizzle");
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * A migrated, empty PGlite database directory, built once and then copied: PGlite's initdb takes
 * seconds, a copy a fraction of one.
 */
function pgliteTemplate() {
  template ??= (async () => {
    const target = path.join(templateRoot, templateKey());
    if (fs.existsSync(target)) return target;
    fs.mkdirSync(templateRoot, { recursive: true });
    const building = fs.mkdtempSync(path.join(templateRoot, "building-"));
    try {
      const database = await openDatabase({ dataDir: building });
      await database.close();
      // Parallel test files may race to build it; the first rename wins, the others use that one.
      fs.renameSync(path.join(building, "db"), target);
    } catch (error) {
      if (!fs.existsSync(target)) throw error;
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
    return target;
  })();
  return template;
}

/** A temporary DATA_DIR holding a ready embedded database. */
export async function newDataDir() {
  const source = await pgliteTemplate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-data-"));
  fs.cpSync(source, path.join(dataDir, "db"), { recursive: true });
  return dataDir;
}
