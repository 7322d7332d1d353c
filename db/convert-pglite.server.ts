import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { WorkerLogger } from "#app/lib/logger.server.ts";
import type { Db } from "#db/types.ts";

// Earlier versions kept the embedded database as PGlite files in DATA_DIR/db, guarded by DATA_DIR/db.lock.
const pgliteFolder = "db";
const pgliteLock = "db.lock";
const batchRows = 2000;

export function hasPgliteData(dataDir: string) {
  return fs.existsSync(path.join(dataDir, pgliteFolder, "PG_VERSION"));
}

type Rows<T> = { rows: T[] };

/**
 * Copies every table of an earlier version's PGlite database into the new PostgreSQL one in a single
 * transaction, checks the counts, and moves the old files aside (kept, never deleted). Run once by
 * `npm run convert-pglite` (scripts/convert-pglite.ts): PGlite is loaded only here, never by the server.
 */
export async function convertPgliteData(
  dataDir: string,
  db: Db,
  migrationsFolder: string,
  logger: Pick<WorkerLogger, "info">,
) {
  const source = path.join(dataDir, pgliteFolder);
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const old = await PGlite.create(source, { extensions: { pg_trgm } });
  const copied: Record<string, number> = {};
  try {
    // Brings an older release's schema up to this one's, so the two have the same columns.
    await migrate(drizzle({ client: old }), { migrationsFolder });
    const tables = await old.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    await db.transaction(async (tx) => {
      // Foreign keys are satisfied once every table is in; row by row, order would matter.
      await tx.execute(sql`set local session_replication_role = replica`);
      // The migrations' seed rows give way to the old database's own. No start has served from the new
      // database yet (each start converts while the old files are in place), so nothing else is lost.
      const names = tables.rows.map(({ name }) => sql.identifier(name));
      if (names.length > 0) await tx.execute(sql`truncate ${sql.join(names, sql`, `)} restart identity`);
      for (const { name } of tables.rows) {
        const table = sql.identifier(name);
        let offset = 0;
        for (;;) {
          const batch = await old.query<{ row: unknown }>(
            `select row_to_json(t) as row from "${name.replaceAll('"', '""')}" t order by ctid offset $1 limit $2`,
            [offset, batchRows],
          );
          if (batch.rows.length === 0) break;
          const json = JSON.stringify(batch.rows.map((r) => r.row));
          await tx.execute(
            sql`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, ${json}::json)`,
          );
          offset += batch.rows.length;
        }
        const after = (await tx.execute(sql`select count(*)::int as n from ${table}`)) as unknown as Rows<{
          n: number;
        }>;
        if (after.rows[0]?.n !== offset) {
          throw new Error(`Converting ${source}: table ${name} has ${after.rows[0]?.n} rows, the old one ${offset}`);
        }
        copied[name] = offset;
      }
      const sequences = await old.query<{ name: string; value: number | null }>(
        "select sequencename as name, last_value::int as value from pg_sequences where schemaname = 'public'",
      );
      for (const { name, value } of sequences.rows) {
        if (value !== null) await tx.execute(sql`select setval(${`public."${name}"`}, ${value}, true)`);
      }
    });
  } finally {
    await old.close();
  }
  const keptAt = `${source}.pglite-${new Date().toISOString().replaceAll(":", "-").slice(0, 19)}`;
  fs.renameSync(source, keptAt);
  fs.rmSync(path.join(dataDir, pgliteLock), { force: true });
  logger.info(
    { keptAt, rows: copied },
    "embedded database converted from an earlier version's files to PostgreSQL; the old files are kept aside",
  );
  return { keptAt, rows: copied };
}
