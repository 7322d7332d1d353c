import { and, eq, like, lt, sql } from "drizzle-orm";
import type { IncrementResponse, Options, Store } from "express-rate-limit";
import { getIpSalt, hashKey } from "#app/lib/client-key.server.ts";
import { requestLimits } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/**
 * express-rate-limit's counts kept in PostgreSQL (request_limits) instead of each process's memory, so
 * servers behind a load balancer allow a client the limit once between them. A client's window starts at
 * its first request, as the library's memory store counts; the client is stored as a keyed hash only.
 */
export class PostgresStore implements Store {
  readonly localKeys = false;
  /** Tells one limit's rows from another's (and lets the library tell two limits apart on one request). */
  readonly prefix: string;
  private windowMs = 60_000;
  private lastSweep: number;
  private salt: Promise<string> | undefined;

  constructor(private readonly options: { db: Db; prefix: string; now?: () => number }) {
    this.prefix = `${options.prefix}:`;
    this.lastSweep = this.now();
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  private async stored(key: string) {
    this.salt ??= getIpSalt(this.options.db).catch((error: unknown) => {
      this.salt = undefined;
      throw error;
    });
    return `${this.prefix}${hashKey(key, await this.salt)}`;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const [stored, at] = [await this.stored(key), this.now()];
    const expired = sql`${requestLimits.windowStart} <= ${new Date(at - this.windowMs)}`;
    const [row] = await this.options.db.transaction(async (tx) => {
      // A count lost to a power cut costs nothing; waiting for the disk on every request would.
      await tx.execute(sql`set local synchronous_commit = off`);
      return tx
        .insert(requestLimits)
        .values({ key: stored, count: 1, windowStart: new Date(at) })
        .onConflictDoUpdate({
          target: requestLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${requestLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then excluded.window_start else ${requestLimits.windowStart} end`,
          },
        })
        .returning({ count: requestLimits.count, windowStart: requestLimits.windowStart });
    });
    await this.sweep(at);
    return { totalHits: row?.count ?? 1, resetTime: new Date((row?.windowStart.getTime() ?? at) + this.windowMs) };
  }

  async decrement(key: string) {
    await this.options.db
      .update(requestLimits)
      .set({ count: sql`greatest(${requestLimits.count} - 1, 0)` })
      .where(eq(requestLimits.key, await this.stored(key)));
  }

  async resetKey(key: string) {
    await this.options.db.delete(requestLimits).where(eq(requestLimits.key, await this.stored(key)));
  }

  /** Once a window, this limit's rows whose window has passed go (housekeeping: a failure only waits). */
  private async sweep(at: number) {
    if (at - this.lastSweep < this.windowMs) return;
    this.lastSweep = at;
    await this.options.db
      .delete(requestLimits)
      .where(
        and(like(requestLimits.key, `${this.prefix}%`), lt(requestLimits.windowStart, new Date(at - this.windowMs))),
      )
      .catch(() => {});
  }
}
