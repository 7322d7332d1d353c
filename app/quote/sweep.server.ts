import fs from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { FileStorage } from "#app/quote/file-storage.server.ts";
import { attachments, heldMail } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** Long enough for any upload still on its way to reach its transaction. */
export const orphanGraceMs = 60 * 60 * 1000;

/**
 * Removes files that belong to no stored request (nor to an e-mail held for the desk): received or stored for a request whose transaction
 * never committed (a refused form, a crash, a kill -9 mid-upload). Only files older than the grace
 * period are looked at, so a request being stored right now keeps its files.
 */
export async function sweepOrphans(options: {
  db: Db;
  storage: FileStorage;
  incomingDir: string;
  now?: Date;
  graceMs?: number;
}) {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? orphanGraceMs);
  let removed = 0;

  const stale: string[] = [];
  for await (const entry of options.storage.list()) if (entry.modified.getTime() < cutoff) stale.push(entry.key);
  for (let i = 0; i < stale.length; i += 500) {
    const batch = stale.slice(i, i + 500);
    const [kept, held] = await Promise.all([
      options.db
        .select({ key: attachments.storageKey })
        .from(attachments)
        .where(inArray(attachments.storageKey, batch)),
      options.db.select({ key: heldMail.storageKey }).from(heldMail).where(inArray(heldMail.storageKey, batch)),
    ]);
    const keep = new Set([...kept, ...held].map((row) => row.key));
    for (const key of batch) {
      if (keep.has(key)) continue;
      await options.storage.delete(key);
      removed++;
    }
  }

  const incoming = await fs.readdir(options.incomingDir).catch(() => [] as string[]);
  for (const name of incoming) {
    const file = path.join(options.incomingDir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < cutoff) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
