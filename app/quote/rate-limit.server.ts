import { and, eq, lt, sql } from "drizzle-orm";
import { getIpSalt, hashKey } from "#app/lib/client-key.server.ts";
import { rateLimits } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

export type RateLimitVerdict = { allowed: boolean; retryAfterSeconds: number };
export type RateLimiter = {
  hit(key: string): Promise<RateLimitVerdict>;
  /** Gives back a hit counted in the current window (a request that turned out not to count). */
  undo(key: string): Promise<void>;
};

/**
 * Sliding-window limiter: a hit counts in full in its own window and, fading linearly, through the
 * next one, so a burst astride a window boundary is refused like one inside a window (a fixed window
 * would let twice the limit through in a second) and a test never depends on where the clock stands.
 * Counted in the rate_limits table, so every process shares the count.
 */
export function createRateLimiter(options: {
  limit: number;
  windowMs?: number;
  db: Db;
  now?: () => number;
}): RateLimiter {
  const { limit, db } = options;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  let lastSweep = now();

  /** `count` hits in this window so far (this one included) and `previous` in the one before. */
  const verdict = (count: number, previous: number, windowStart: number, at: number): RateLimitVerdict => {
    const elapsed = at - windowStart;
    const weighted = (fromStart: number) => previous * (1 - fromStart / windowMs);
    if (weighted(elapsed) + count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    // When would one more hit fit: later in this window as the previous one fades, else in the next.
    const room = limit - count - 1;
    const wait =
      room >= 0 && previous > 0
        ? windowMs * (1 - room / previous) - elapsed
        : windowMs - elapsed + windowMs * Math.max(0, 1 - (limit - 1) / count);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  };

  const sweepDue = (at: number) => {
    if (at - lastSweep < windowMs) return false;
    lastSweep = at;
    return true;
  };

  // Keys are usually client addresses: the table keeps only their keyed hash.
  let salt: Promise<string> | undefined;
  const storedKey = async (key: string) => {
    salt ??= getIpSalt(db).catch((error: unknown) => {
      salt = undefined;
      throw error;
    });
    // Callers build keys from an address already grouped by clientKey.
    return hashKey(key, await salt);
  };
  return {
    async undo(key) {
      const at = now();
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(
          and(eq(rateLimits.key, await storedKey(key)), eq(rateLimits.windowStart, new Date(at - (at % windowMs)))),
        );
    },
    async hit(key) {
      const hashed = await storedKey(key);
      const at = now();
      const start = at - (at % windowMs);
      const [row] = await db.transaction(async (tx) => {
        // A count lost to a power cut costs nothing; waiting for the disk on every hit would halve throughput.
        await tx.execute(sql`set local synchronous_commit = off`);
        return tx
          .insert(rateLimits)
          .values({ key: hashed, windowStart: new Date(start), count: 1 })
          .onConflictDoUpdate({
            target: [rateLimits.key, rateLimits.windowStart],
            set: { count: sql`${rateLimits.count} + 1` },
          })
          .returning({
            count: rateLimits.count,
            previous: sql<number>`coalesce((select r.count from ${rateLimits} r where r.key = ${hashed} and r.window_start = ${new Date(start - windowMs).toISOString()}::timestamptz), 0)`,
          });
      });
      if (sweepDue(at)) {
        // Housekeeping only: a failure must not turn a counted hit into an error; the next window retries.
        await db
          .delete(rateLimits)
          .where(lt(rateLimits.windowStart, new Date(start - windowMs)))
          .catch(() => {});
      }
      return verdict(row?.count ?? 1, Number(row?.previous ?? 0), start, at);
    },
  };
}
