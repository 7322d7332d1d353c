import { eq, inArray, like, lt, or, sql } from "drizzle-orm";
import { clientKey, hashKey } from "#app/lib/client-key.server.ts";
import { authThrottle } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** Failures are counted over a quarter of an hour from the first one. */
export const throttleWindowMinutes = 15;
const windowMs = throttleWindowMinutes * 60_000;
/**
 * Wrong passwords one address may try on one account before that pair (and only that pair) waits out the
 * window: a stranger elsewhere cannot lock the owner out (OWASP ASVS 5.0: slow the attacker, not the owner).
 */
export const pairFailureLimit = 5;
/** Wrong passwords from one address whatever the accounts (a shared office may have several people). */
export const addressFailureLimit = 20;
/**
 * An account's wrong passwords from every address never refuse anyone; every this many make each further
 * wrong answer on that account wait longer, which slows a guess spread over many addresses.
 */
export const accountSlowdownStep = 5;
/** Password-reset e-mails that one account, and one address, may ask for per window. */
export const resetRequestLimit = { account: 3, address: 10 } as const;

export type ThrottleKeys = { account: string; address: string; pair: string };

/**
 * Keyed hashes, never the e-mail or the address itself. The account key is taken from what was typed,
 * whether or not such an account exists, so the answers never tell the two apart. A pair's key starts
 * with its account's, so a new password clears the account's pairs without knowing their addresses.
 */
export function throttleKeys(purpose: "sign-in" | "reset", email: string, address: string, salt: string) {
  const account = hashKey(`${purpose}:account:${email.trim().toLowerCase()}`, salt);
  // The address is grouped first (IPv6 by /64), then made a key: one office counts as one address.
  const grouped = clientKey(address);
  return {
    account,
    address: hashKey(`${purpose}:address:${grouped}`, salt),
    pair: `${account}:${hashKey(`${purpose}:pair:${grouped}`, salt)}`,
  };
}

/** When to try again, in whole minutes (rounded up): the page says it, Retry-After carries the seconds. */
export function tryAgainIn(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

type Counted = { count: number; retryAfterSeconds: number };

let lastSweep = Date.now();

/**
 * A count whose window has passed is as good as none; once a window such rows go, so guesses from many
 * addresses leave no lasting trail. Housekeeping only: a failure waits for the next window.
 */
async function sweep(db: Db, now: Date) {
  if (now.getTime() - lastSweep < windowMs) return;
  lastSweep = now.getTime();
  await db
    .delete(authThrottle)
    .where(lt(authThrottle.windowStart, new Date(now.getTime() - windowMs)))
    .catch(() => {});
}

/** Counts one more for each key (a new window once the last has passed) and returns each key's count. */
async function add(db: Db, keys: string[], now: Date): Promise<Counted[]> {
  const expired = sql`${authThrottle.windowStart} <= ${new Date(now.getTime() - windowMs)}`;
  const rows = await db
    .insert(authThrottle)
    .values(keys.map((key) => ({ key, count: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authThrottle.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${authThrottle.windowStart} end`,
      },
    })
    .returning({ key: authThrottle.key, count: authThrottle.count, windowStart: authThrottle.windowStart });
  await sweep(db, now);
  return keys.map((key) => {
    const row = rows.find((r) => r.key === key);
    const left = (row?.windowStart.getTime() ?? now.getTime()) + windowMs - now.getTime();
    return { count: row?.count ?? 1, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
  });
}

export type SignInGate =
  | { refused: true; retryAfterSeconds: number }
  | {
      refused: false /** Wait this long before answering a wrong password: each further one costs more time. */;
      delayMs: number;
    };

/**
 * Before checking a password the attempt is counted as a failure, then the counts are read: each
 * attempt sees at least its own increment, so however many arrive at once, no more than the limit get
 * to the password check. Refused once the pair's or the address's count is over its limit; slowed as
 * failures pile up on the pair, the address or the account.
 */
export async function reserveSignInAttempt(db: Db, keys: ThrottleKeys, now = new Date()): Promise<SignInGate> {
  const [pair, address, account] = (await add(db, [keys.pair, keys.address, keys.account], now)) as [
    Counted,
    Counted,
    Counted,
  ];
  const over = [pair.count > pairFailureLimit && pair, address.count > addressFailureLimit && address];
  const refusal = over.filter((counted) => counted !== false);
  if (refusal.length > 0) {
    return { refused: true, retryAfterSeconds: Math.max(...refusal.map((counted) => counted.retryAfterSeconds)) };
  }
  const failures = Math.max(
    pair.count - 1,
    Math.floor((address.count - 1) / 4),
    Math.floor((account.count - 1) / accountSlowdownStep),
  );
  return { refused: false, delayMs: failures < 2 ? 0 : Math.min(4000, 500 * 2 ** (failures - 2)) };
}

/**
 * A correct password clears the pair's count and gives back the attempt reserved on the address and the
 * account (whose counts, which guard every account and slow a spread-out guess, keep earlier failures).
 */
export async function clearPairFailures(db: Db, keys: ThrottleKeys) {
  await db.delete(authThrottle).where(eq(authThrottle.key, keys.pair));
  await db
    .update(authThrottle)
    .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
    .where(inArray(authThrottle.key, [keys.address, keys.account]));
}

/** A new password (by a reset link): the account and every address's count on it start again. */
export async function clearAccountFailures(db: Db, email: string, salt: string) {
  const { account } = throttleKeys("sign-in", email, "", salt);
  await db.delete(authThrottle).where(or(eq(authThrottle.key, account), like(authThrottle.key, `${account}:%`)));
}

export type ResetGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts a reset request; refused when this account or address has asked too often this window. */
export async function allowResetRequest(db: Db, keys: ThrottleKeys, now = new Date()): Promise<ResetGate> {
  const [account, address] = (await add(db, [keys.account, keys.address], now)) as [Counted, Counted];
  const over = [
    account.count > resetRequestLimit.account && account,
    address.count > resetRequestLimit.address && address,
  ].filter((counted) => counted !== false);
  if (over.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...over.map((counted) => counted.retryAfterSeconds)) };
}
