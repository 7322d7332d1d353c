import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Config } from "#app/lib/env.server.ts";
import { getLogger } from "#app/lib/logger.server.ts";
import { readSetting } from "#app/lib/settings.server.ts";
import { settings } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** What signs the desk's session cookies: the current secret, and the one before it during a rotation. */
export type DeskSecrets = { current: string; previous?: string };

export const deskSecretFile = "desk-secret";

/**
 * DESK_SECRET (and DESK_SECRET_PREVIOUS while rotating) from the environment, never from the database, so a
 * copy of the database cannot sign a session cookie. Without it, a secret generated once is kept in
 * DATA_DIR (readable by the server's user only) and a warning says so: the quick start needs no setup.
 * An installation that kept its secret in the database moves it to that file once, so sessions survive.
 */
export async function resolveDeskSecrets(
  db: Db,
  config: Pick<Config, "dataDir"> & Partial<Pick<Config, "deskSecret" | "deskSecretPrevious">>,
): Promise<DeskSecrets> {
  if (config.deskSecret) return { current: config.deskSecret, previous: config.deskSecretPrevious };
  const file = path.join(config.dataDir, deskSecretFile);
  let current = readSecretFile(file);
  if (!current) {
    current = (await readSetting(db, "auth_secret")) ?? randomBytes(32).toString("base64url");
    writeSecretFile(file, current);
    current = readSecretFile(file) ?? current;
  }
  await db.delete(settings).where(eq(settings.key, "auth_secret"));
  getLogger().warn(
    `DESK_SECRET is not set: desk sessions are signed with the secret kept in ${file}. Set DESK_SECRET to one of your own (32 or more random characters) before going live.`,
  );
  return { current, previous: config.deskSecretPrevious };
}

function readSecretFile(file: string) {
  try {
    return fs.readFileSync(file, "utf8").trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Written whole or not at all; of two processes starting at once, the first file wins. */
function writeSecretFile(file: string, secret: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flush: true });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
