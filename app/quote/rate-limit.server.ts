import { and, eq, lt, sql } from "drizzle-orm";
import { getIpSalt, hashKey } from "#app/lib/client-key.server.ts";
import type { Db } from "#db/client.server.ts";
import { rateLimits } from "#db/schema.ts";

export type RateLimitVerdict = { allowed: boolean; retryAfterSeconds: number };
export type RateLimiter = {
  hit(key: string): Promise<RateLimitVerdict>;
  /** Gives back a hit counted in the current window (a request that turned out not to count). */
  undo(key: string): Promise<void>;
};

/**
 * Fixed-window limiter: at most `limit` hits per key per window. In memory for the single-process
 * embedded setup; in the rate_limits table when `db` is given, so every process shares the count.
 */
export function createRateLimiter(options: {
  limit: number;
  windowMs?: number;
  db?: Db;
  now?: () => number;
}): RateLimiter {
  const { limit, db } = options;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  let lastSweep = now();

  const verdict = (count: number, windowStart: number, at: number): RateLimitVerdict => {
    const allowed = count <= limit;
    const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));
    return { allowed, retryAfterSeconds };
  };

  const sweepDue = (at: number) => {
    if (at - lastSweep < windowMs) return false;
    lastSweep = at;
    return true;
  };

  if (!db) {
    const windows = new Map<string, { start: number; count: number }>();
    return {
      async hit(key) {
        const at = now();
        const start = at - (at % windowMs);
        if (sweepDue(at)) {
          for (const [k, w] of windows) if (w.start < start) windows.delete(k);
        }
        const current = windows.get(key);
        const window = current && current.start === start ? current : { start, count: 0 };
        window.count++;
        windows.set(key, window);
        return verdict(window.count, start, at);
      },
      async undo(key) {
        const at = now();
        const window = windows.get(key);
        if (window && window.start === at - (at % windowMs) && window.count > 0) window.count--;
      },
    };
  }

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
      const [row] = await db
        .insert(rateLimits)
        .values({ key: hashed, windowStart: new Date(start), count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ count: rateLimits.count });
      if (sweepDue(at)) {
        // Housekeeping only: a failure must not turn a counted hit into an error; the next window retries.
        await db
          .delete(rateLimits)
          .where(lt(rateLimits.windowStart, new Date(start)))
          .catch(() => {});
      }
      return verdict(row?.count ?? 1, start, at);
    },
  };
}
