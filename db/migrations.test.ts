import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { openDatabase } from "#db/client.server.ts";
import journal from "#drizzle/meta/_journal.json";
import { type PostgresServer, setupTimeoutMs, startPostgres } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

// Migrations are named by what they change. Drizzle's migrator goes by each one's time in the journal, not
// by its file name, so a database migrated before the renames takes the renamed files as applied.

/** The names the first migrations had. */
const earlierNames: Record<string, string> = {
  "0000_quotes_and_outbox": "0000_init",
  "0001_parts_lists_attachments_and_timeline": "0001_round2",
  "0002_staff_accounts_and_inbox_search": "0002_desk",
  "0003_status_counts": "0003_desk_counts",
  "0004_owners_versions_merges_and_search_keys": "0004_team_desk",
  "0006_won_and_lost_outcomes": "0006_outcomes",
  "0007_conversation_and_saved_replies": "0007_replies",
  "0008_buyers_mail": "0008_inbound_mail",
};

const migrationsFolder = path.resolve(import.meta.dirname, "../drizzle");

/** The migrations folder as it was before the renames: the same files under their earlier names. */
function folderWithEarlierNames(dir: string) {
  fs.mkdirSync(path.join(dir, "meta"), { recursive: true });
  const entries = journal.entries.map((entry) => {
    const tag = earlierNames[entry.tag] ?? entry.tag;
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${tag}.sql`));
    return { ...entry, tag };
  });
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

describe("migrations renamed by what they change", () => {
  let server: PostgresServer;
  let dataDir: string;
  beforeAll(async () => {
    server = await startPostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-migrations-"));
  }, setupTimeoutMs);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, setupTimeoutMs);

  it("name every migration in the journal, and each an earlier one had", () => {
    for (const entry of journal.entries)
      expect(fs.existsSync(path.join(migrationsFolder, `${entry.tag}.sql`))).toBe(true);
    const renamed = Object.keys(earlierNames);
    expect(journal.entries.map((entry) => entry.tag)).toEqual(expect.arrayContaining(renamed));
  });

  it("leave a database migrated under the earlier names as it was, and working", async () => {
    const url = await server.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: folderWithEarlierNames(path.join(dataDir, "earlier")) });
    } finally {
      await client.end();
    }
    const database = await openDatabase({ dataDir, databaseUrl: url });
    try {
      const applied = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      const stored = await storeQuote(database.db, sampleQuote, storeMeta());
      expect(stored.duplicate).toBe(false);
    } finally {
      await database.close();
    }
  }, 120_000);
});
