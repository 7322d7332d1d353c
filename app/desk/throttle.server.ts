import { eq, inArray, sql } from "drizzle-orm";
import { clientKey, hashKey } from "#app/lib/client-key.server.ts";
import type { Db } from "#db/client.server.ts";
import { authThrottle } from "#db/schema.ts";

/** Failures are counted over a quarter of an hour from the first one. */
export const throttleWindowMinutes = 15;
/** Wrong passwords allowed for one account, and from one address (a shared office may have several people). */
export const accountFailureLimit = 5;
export const addressFailureLimit = 20;
/** Password-reset e-mails that one account, and one address, may ask for per window. */
export const resetRequestLimit = { account: 3, address: 10 } as const;

export type ThrottleKeys = { account: string; address: string };

/**
 * Keyed hashes, never the e-mail or the address itself. The account key is taken from what was typed,
 * whether or not such an account exists, so the answers never tell the two apart.
 */
export function throttleKeys(purpose: "sign-in" | "reset", email: string, address: string, salt: string) {
  return {
    account: hashKey(`${purpose}:account:${email.trim().toLowerCase()}`, salt),
    // The address is grouped first (IPv6 by /64), then made a key: one office counts as one address.
    address: hashKey(`${purpose}:address:${clientKey(address)}`, salt),
  };
}

const windowOpen = sql`now() - make_interval(mins => ${throttleWindowMinutes})`;

async function counts(db: Db, keys: ThrottleKeys) {
  const rows = await db
    .select({
      key: authThrottle.key,
      count: authThrottle.count,
      ageSeconds: sql<number>`extract(epoch from now() - ${authThrottle.windowStart})::float8`,
    })
    .from(authThrottle)
    .where(inArray(authThrottle.key, [keys.account, keys.address]));
  const current = (key: string) => rows.find((row) => row.key === key && row.ageSeconds < throttleWindowMinutes * 60);
  const account = current(keys.account);
  const address = current(keys.address);
  const oldest = Math.max(account?.ageSeconds ?? 0, address?.ageSeconds ?? 0);
  return {
    account: account?.count ?? 0,
    address: address?.count ?? 0,
    retryAfterSeconds: Math.max(1, Math.ceil(throttleWindowMinutes * 60 - oldest)),
  };
}

async function add(db: Db, keys: string[]) {
  for (const key of keys) {
    await db
      .insert(authThrottle)
      .values({ key, count: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          count: sql`case when ${authThrottle.windowStart} < ${windowOpen} then 1 else ${authThrottle.count} + 1 end`,
          windowStart: sql`case when ${authThrottle.windowStart} < ${windowOpen} then now() else ${authThrottle.windowStart} end`,
        },
      });
  }
}

export type SignInGate =
  | { refused: true; retryAfterSeconds: number }
  | {
      refused: false /** Wait this long before answering: each further wrong password costs more time. */;
      delayMs: number;
    };

/**
 * Before checking a password the attempt is counted as a failure, then the counts are read: each
 * attempt sees at least its own increment, so however many arrive at once, no more than the limit get
 * to the password check. Refused once either count is over its limit, slowed as failures pile up.
 */
export async function reserveSignInAttempt(db: Db, keys: ThrottleKeys): Promise<SignInGate> {
  await add(db, [keys.account, keys.address]);
  const current = await counts(db, keys);
  if (current.account > accountFailureLimit || current.address > addressFailureLimit) {
    return { refused: true, retryAfterSeconds: current.retryAfterSeconds };
  }
  const failures = Math.max(current.account - 1, Math.floor((current.address - 1) / 4));
  return { refused: false, delayMs: failures < 2 ? 0 : Math.min(4000, 500 * 2 ** (failures - 2)) };
}

/**
 * A correct password clears the account's count and gives back the address's reserved attempt (the
 * address's count, which guards every account, keeps its earlier failures).
 */
export async function clearAccountFailures(db: Db, keys: ThrottleKeys) {
  await db.delete(authThrottle).where(inArray(authThrottle.key, [keys.account]));
  await db
    .update(authThrottle)
    .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
    .where(eq(authThrottle.key, keys.address));
}

/** Counts a reset request; false when this account or address has asked too often this window. */
export async function allowResetRequest(db: Db, keys: ThrottleKeys) {
  await add(db, [keys.account, keys.address]);
  const current = await counts(db, keys);
  return current.account <= resetRequestLimit.account && current.address <= resetRequestLimit.address;
}
