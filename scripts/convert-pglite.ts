// One-off operator command: `npm run convert-pglite [-- DATA_DIR]` moves an earlier version's PGlite database
// (DATA_DIR/db) into the embedded PostgreSQL and keeps the old files aside. The server refuses to start
// while DATA_DIR/db is there, so nothing has been written to the new database before this runs.
import path from "node:path";
import { readConfig } from "#app/lib/env.server.ts";
import { findMigrationsFolder, openDatabase } from "#db/client.server.ts";
import { convertPgliteData, hasPgliteData } from "#db/convert-pglite.server.ts";
import { runOperatorCommand } from "#scripts/operator-command.ts";

const usage = "Usage: npm run convert-pglite [-- DATA_DIR]   (DATA_DIR from the environment when not given)";

/** Table names and counts only: what is printed carries no customer's data. */
const printer = {
  info(fields: Record<string, unknown>, message: string) {
    console.log(`${message}: ${JSON.stringify(fields)}`);
  },
};

async function main(args: string[]) {
  if (args.length > 1 || args[0]?.startsWith("-")) {
    console.error(usage);
    return 1;
  }
  const dataDir = path.resolve(args[0] ?? readConfig(process.env).dataDir);
  if (!hasPgliteData(dataDir)) {
    console.log(`${dataDir}/db holds no data from an earlier version: nothing to convert.`);
    return 0;
  }
  const database = await openDatabase({ dataDir, pglite: "convert" });
  try {
    await convertPgliteData(dataDir, database.db, findMigrationsFolder(), printer);
    console.log("Done: start the server again.");
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) await runOperatorCommand(main);
