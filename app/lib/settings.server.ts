import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { settings } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

export async function readSetting(db: Db, key: string) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/**
 * A random per-install secret kept in the settings table, so every server process sharing the database
 * agrees on it and it survives restarts. The first process to ask creates it.
 */
export async function perInstallSecret(db: Db, key: string) {
  await db
    .insert(settings)
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const value = await readSetting(db, key);
  if (value === undefined) throw new Error(`The ${key} setting could not be created`);
  return value;
}

/**
 * Sets `key` to `next` only if it still holds `expected` (undefined: not set yet). Of several processes
 * trying at once exactly one succeeds, which makes it a claim ("I send today's digest").
 */
export async function compareAndSetSetting(db: Db, key: string, expected: string | undefined, next: string) {
  if (expected === undefined) {
    const inserted = await db
      .insert(settings)
      .values({ key, value: next })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    return inserted.length === 1;
  }
  const updated = await db
    .update(settings)
    .set({ value: next })
    .where(and(eq(settings.key, key), eq(settings.value, expected)))
    .returning({ key: settings.key });
  return updated.length === 1;
}
