import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, count, eq, gt, like } from "drizzle-orm";
import { staffUser, staffVerification } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** The first-run link works for a day; a restart before then prints a new one (both work). */
export const setupLinkHours = 24;
const prefix = "desk-setup:";

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export async function hasStaff(db: Db) {
  const [row] = await db.select({ n: count() }).from(staffUser);
  return (row?.n ?? 0) > 0;
}

/**
 * At start, while nobody can sign in: a one-time link that creates the first (admin) account. Returns
 * the URL to log, or undefined once the desk has people. Only the token's hash is stored.
 */
export async function createSetupLink(db: Db, siteUrl: string) {
  if (await hasStaff(db)) return undefined;
  const token = randomBytes(24).toString("base64url");
  await db.insert(staffVerification).values({
    id: randomUUID(),
    identifier: `${prefix}${tokenHash(token)}`,
    value: "first-run",
    expiresAt: new Date(Date.now() + setupLinkHours * 60 * 60 * 1000),
  });
  return `${siteUrl}/desk/setup?token=${token}`;
}

function validToken(token: string) {
  return and(
    eq(staffVerification.identifier, `${prefix}${tokenHash(token)}`),
    gt(staffVerification.expiresAt, new Date()),
  );
}

export async function setupTokenValid(db: Db, token: string | null) {
  if (!token || token.length > 200) return false;
  const [row] = await db.select({ id: staffVerification.id }).from(staffVerification).where(validToken(token));
  return Boolean(row) && !(await hasStaff(db));
}

/** Uses the link up: whoever deletes it first creates the account; every other setup link goes with it. */
export async function consumeSetupToken(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const used = await tx.delete(staffVerification).where(validToken(token)).returning({ id: staffVerification.id });
    if (used.length === 0 || (await hasStaff(tx))) return false;
    await tx.delete(staffVerification).where(like(staffVerification.identifier, `${prefix}%`));
    return true;
  });
}

/** Called once the server's services are open: prints the first-run link while the desk has nobody. */
export async function announceFirstRun(db: Db, siteUrl: string, logger: { warn(message: string): void }) {
  const link = await createSetupLink(db, siteUrl);
  if (link)
    logger.warn(`No desk account yet: create the first (admin) account within ${setupLinkHours} hours at ${link}`);
}
