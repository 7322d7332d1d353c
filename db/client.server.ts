import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { remember } from "@epic-web/remember";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

/** Both drivers expose the same query builder; code written against this type runs on either. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of Db, for functions that must run inside one the caller opened. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = { db: Db; kind: "pglite" | "postgres"; close(): Promise<void> };

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
  readonly pid: number;
  readonly dataDir: string;

  constructor(pid: number, dataDir: string) {
    super(
      `Another process (pid ${pid}) is using DATA_DIR ${dataDir}: the embedded database allows one process at a time. ` +
        "Stop that process, or set DATABASE_URL to use PostgreSQL.",
    );
    this.pid = pid;
    this.dataDir = dataDir;
  }
}

export const lockFileName = "db.lock";

// Any constant shared by every process of this app; it only needs to differ from other apps' locks.
const migrationLockId = 727_310_001;

/** Opens the configured database (PostgreSQL when databaseUrl is set, else PGlite) and applies migrations. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
  migrationsFolder?: string;
}): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? findMigrationsFolder();
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsFolder)
    : openPglite(options.dataDir, migrationsFolder);
}

async function openPostgres(url: string, migrationsFolder: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection is replaced on next use; without a listener it would crash the process.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    try {
      // Several server processes may start at once; the lock dies with the connection.
      await client.query("select pg_advisory_lock($1)", [migrationLockId]);
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      client.release(true);
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db: drizzlePg({ client: pool }), kind: "postgres", close: () => pool.end() };
}

async function openPglite(dataDir: string, migrationsFolder: string): Promise<Database> {
  const release = acquireLock(dataDir);
  let client: PGlite | undefined;
  try {
    // Trigram search in the desk's inbox (migration 0002 creates the extension).
    client = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: "pglite",
      close() {
        closing ??= opened.close().finally(release);
        return closing;
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}

/** The committed drizzle-kit output; found by walking up so it works from source and from build/server. */
function findMigrationsFolder() {
  let dir = import.meta.dirname;
  for (let level = 0; level < 4; level++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`Database migrations (drizzle/meta/_journal.json) not found above ${import.meta.dirname}`);
}

// Lock files this process holds, so a recycled pid (pid 1 in every container) is not mistaken for us.
const heldLocks = remember("mro:held-locks", () => new Set<string>());

/**
 * PGlite has no lock of its own and corrupts its files when two processes open them, so the data
 * directory is guarded by a file holding the owner's pid. Returns the release function.
 */
export function acquireLock(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.resolve(dataDir, lockFileName);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreateLock(lockPath)) {
      heldLocks.add(lockPath);
      return () => releaseLock(lockPath);
    }
    const holder = readLockPid(lockPath);
    if (holder === undefined) continue;
    const ours = holder === process.pid && heldLocks.has(lockPath);
    if (ours || (holder !== process.pid && isAlive(holder))) throw new DatabaseLockedError(holder, dataDir);
    removeStaleLock(lockPath, holder);
  }
  throw new DatabaseLockedError(readLockPid(lockPath) ?? 0, dataDir);
}

function tryCreateLock(lockPath: string) {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    fs.writeSync(fd, `${process.pid}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** undefined when there is no lock file; 0 when it holds no usable pid (a crash mid-write). */
function readLockPid(lockPath: string) {
  for (let read = 0; read < 3; read++) {
    let text: string;
    try {
      text = fs.readFileSync(lockPath, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    // An empty file is normally a creator between open and write: give it a moment.
    if (text.trim() !== "") return /^\d+$/.test(text.trim()) ? Number(text.trim()) : 0;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  return 0;
}

function isAlive(pid: number) {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Moves the stale file aside before deleting it, and puts it back if it turns out to be a fresh lock
 * another process took over in the meantime: two processes recovering at once must not both win.
 */
function removeStaleLock(lockPath: string, stalePid: number) {
  const aside = `${lockPath}.stale-${process.pid}-${randomUUID()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (readLockPid(aside) !== stalePid) {
    try {
      fs.linkSync(aside, lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  fs.rmSync(aside, { force: true });
}

function releaseLock(lockPath: string) {
  if (!heldLocks.delete(lockPath)) return;
  if (readLockPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
}
