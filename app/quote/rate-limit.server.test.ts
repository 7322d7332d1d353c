import { beforeEach, expect, it } from "vitest";
import { createRateLimiter } from "#app/quote/rate-limit.server.ts";
import { rateLimits } from "#db/schema.ts";
import { describeDatabase, resetTables, type TestDatabase } from "#test/pg.ts";

// 10:00:30 UTC: half way through a minute window.
const start = Date.UTC(2026, 10, 22, 10, 0, 30);

function behavesAsSlidingWindowLimiter(make: (now: () => number) => ReturnType<typeof createRateLimiter>) {
  let clock = start;
  const now = () => clock;
  beforeEach(() => {
    clock = start;
  });

  it("allows the limit, then refuses and says when one more will be taken", async () => {
    const limiter = make(now);
    for (let i = 0; i < 5; i++)
      expect(await limiter.hit("203.0.113.9")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await limiter.hit("203.0.113.9");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 50 });
    clock += 49_000;
    expect((await limiter.hit("203.0.113.9")).allowed).toBe(false);
    clock += 60_000;
    expect((await limiter.hit("203.0.113.9")).allowed).toBe(true);
  });

  it("refuses a burst astride the end of a window as one inside it", async () => {
    clock = start + 29_000;
    const limiter = make(now);
    for (let i = 0; i < 3; i++) expect((await limiter.hit("a")).allowed).toBe(true);
    clock += 2_000;
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(true);
    const refused = await limiter.hit("a");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("counts each key on its own", async () => {
    const limiter = make(now);
    for (let i = 0; i < 5; i++) await limiter.hit("a");
    expect((await limiter.hit("a")).allowed).toBe(false);
    expect((await limiter.hit("b")).allowed).toBe(true);
  });

  it("gives back a hit that did not count, in its own window only", async () => {
    const limiter = make(now);
    for (let i = 0; i < 5; i++) await limiter.hit("a");
    await limiter.undo("a");
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(false);
    clock += 90_000;
    await limiter.undo("a");
    for (let i = 0; i < 5; i++) expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(false);
  });

  it("starts afresh a full window after the last burst", async () => {
    const limiter = make(now);
    for (let i = 0; i < 6; i++) await limiter.hit("a");
    clock += 90_000;
    for (let i = 0; i < 5; i++) expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(false);
  });
}

describeDatabase("rate limiter in the database", (target: TestDatabase) => {
  const db = () => target.database.db;
  beforeEach(() => resetTables(db()));

  behavesAsSlidingWindowLimiter((now) => createRateLimiter({ limit: 5, db: db(), now }));

  it("shares one count between limiters (processes) and never stores the raw key", async () => {
    const first = createRateLimiter({ limit: 5, db: db() });
    const second = createRateLimiter({ limit: 5, db: db() });
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).hit("198.51.100.7")),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    const rows = await db().select().from(rateLimits);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(10);
    expect(rows[0]?.key).not.toContain("198.51.100.7");
  });

  it("clears windows that have ended", async () => {
    let clock = start;
    const limiter = createRateLimiter({ limit: 5, db: db(), now: () => clock });
    await limiter.hit("a");
    await limiter.hit("b");
    clock += 120_000;
    await limiter.hit("c");
    const rows = await db().select().from(rateLimits);
    expect(rows).toHaveLength(1);
  });
});
