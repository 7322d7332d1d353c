import { sql } from "drizzle-orm";
import type { Options } from "express-rate-limit";
import { beforeEach, expect, it } from "vitest";
import { requestLimits } from "#db/schema.ts";
import { PostgresStore } from "#server/limit-store.server.ts";
import { describeDatabase } from "#test/pg.ts";

describeDatabase("the request limits' PostgreSQL store", (target) => {
  const db = () => target.database.db;
  let clock = Date.parse("2026-11-23T09:00:00Z");
  const store = (prefix: string) => {
    const created = new PostgresStore({ db: db(), prefix, now: () => clock });
    created.init({ windowMs: 60_000 } as Options);
    return created;
  };
  beforeEach(async () => {
    await db().execute(sql`truncate request_limits`);
  });

  it("counts a client from its first request for a minute, then starts again", async () => {
    const general = store("general");
    const start = clock;
    expect(await general.increment("203.0.113.9")).toEqual({ totalHits: 1, resetTime: new Date(start + 60_000) });
    clock = start + 59_000;
    expect(await general.increment("203.0.113.9")).toEqual({ totalHits: 2, resetTime: new Date(start + 60_000) });
    clock = start + 60_000;
    expect(await general.increment("203.0.113.9")).toEqual({ totalHits: 1, resetTime: new Date(clock + 60_000) });
  });

  it("shares one count between stores on one database (two server processes), and keeps limits apart", async () => {
    const [first, second, desk] = [store("general"), store("general"), store("desk-auth")];
    await first.increment("203.0.113.9");
    expect((await second.increment("203.0.113.9")).totalHits).toBe(2);
    expect((await desk.increment("203.0.113.9")).totalHits).toBe(1);
    await second.decrement("203.0.113.9");
    expect((await first.increment("203.0.113.9")).totalHits).toBe(2);
    await first.resetKey("203.0.113.9");
    expect((await second.increment("203.0.113.9")).totalHits).toBe(1);
  });

  it("keeps the client as a keyed hash, and sweeps its own passed windows once a minute", async () => {
    const general = store("general");
    const desk = store("desk-auth");
    await general.increment("203.0.113.9");
    await desk.increment("203.0.113.9");
    const keys = (await db().select({ key: requestLimits.key }).from(requestLimits)).map((row) => row.key).sort();
    expect(keys).toHaveLength(2);
    expect(keys.join()).not.toContain("203.0.113");
    expect(keys[0]).toMatch(/^desk-auth:[0-9a-f]{64}$/);
    clock += 2 * 60_000;
    await general.increment("198.51.100.1");
    const left = (await db().select({ key: requestLimits.key }).from(requestLimits)).map((row) => row.key);
    expect(left.filter((key) => key.startsWith("general:"))).toHaveLength(1);
    expect(left.filter((key) => key.startsWith("desk-auth:"))).toHaveLength(1);
  });
});
