import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { hasPgliteData } from "#db/convert-pglite.server.ts";
import { startEmbeddedPostgres } from "#db/embedded.server.ts";
import { DatabaseStartError } from "#db/embedded-checks.server.ts";

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction of Db, for functions that must run inside one the caller opened. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = { db: Db; close(): Promise<void> };

// Any constant shared by every process of this app; it only needs to differ from other apps' locks.
const migrationLockId = 727_310_001;

/**
 * Opens the configured database and applies migrations: PostgreSQL at databaseUrl, or else the embedded
 * PostgreSQL in dataDir (with `share`, the one a running server owns, if any). A dataDir that still holds
 * an earlier version's PGlite files is refused until `npm run convert-pglite` (the one caller passing
 * `pglite`) has moved them over.
 */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string;
  share?: boolean;
  pglite?: "convert";
}): Promise<Database> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) return openPool({ connectionString: options.databaseUrl }, migrationsFolder);
  if (options.pglite !== "convert" && hasPgliteData(options.dataDir)) {
    throw new DatabaseStartError(
      `${path.resolve(options.dataDir)}/db holds data from an earlier version: run \`npm run convert-pglite\` once, then start again.`,
    );
  }
  const embedded = await startEmbeddedPostgres(options.dataDir, { share: options.share });
  try {
    const database = await openPool(embedded.connection, migrationsFolder);
    return {
      db: database.db,
      async close() {
        await database.close();
        await embedded.stop();
      },
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

async function openPool(config: pg.PoolConfig, migrationsFolder: string): Promise<Database> {
  const pool = new pg.Pool({ ...config, max: 10 });
  // A dropped idle connection is replaced on next use; without a listener it would crash the process.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    try {
      // Several server processes may start at once; the lock dies with the connection.
      await client.query("select pg_advisory_lock($1)", [migrationLockId]);
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      client.release(true);
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    db: drizzle({ client: pool }),
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/** The committed drizzle-kit output; found by walking up so it works from source and from build/server. */
export function findMigrationsFolder() {
  let dir = import.meta.dirname;
  for (let level = 0; level < 4; level++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`Database migrations (drizzle/meta/_journal.json) not found above ${import.meta.dirname}`);
}
