import { afterAll, beforeAll, expect, it } from "vitest";
import { describePostgres, setupTimeoutMs } from "#test/pg.ts";
import { type RunningServer, startServer } from "#test/server.ts";

// Two server processes behind one balancer, on one PostgreSQL: a client gets each limit once between them.
describePostgres("request limits shared by two server processes", (postgres) => {
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    const databaseUrl = await (await postgres()).createDatabase();
    const env = { DATABASE_URL: databaseUrl, DESK_AUTH_RATE_LIMIT: "4" };
    // One after the other: the first applies the migrations.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  }, setupTimeoutMs * 2);
  afterAll(async () => {
    for (const server of servers) expect(await server.stop()).toBe(0);
  }, setupTimeoutMs);

  /** Sends `count` requests from one client address, taking turns between the servers, a few at a time. */
  async function send(count: number, path: string, init: (url: string) => RequestInit) {
    const answers: Response[] = [];
    for (let i = 0; i < count; i += 8) {
      const batch = Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
        const url = servers[(i + j) % 2]?.url ?? "";
        const response = await fetch(`${url}${path}`, { redirect: "manual", ...init(url) });
        await response.arrayBuffer();
        answers.push(response);
      });
      await Promise.all(batch);
    }
    return answers;
  }

  it("allows 300 requests a minute from one client in all, not 300 from each server", async () => {
    // Refused at once by the origin check, so only the limit's own work is timed against its window.
    const init = () => ({
      method: "POST",
      headers: { "x-forwarded-for": "203.0.113.30", origin: "https://elsewhere.example" },
    });
    const answers = await send(320, "/", init);
    const limited = answers.filter((response) => response.status === 429);
    expect(answers.filter((response) => response.status === 403)).toHaveLength(300);
    expect(limited).toHaveLength(20);
    const retryAfter = Number(limited[0]?.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client is not held back.
    expect((await fetch(`${servers[1]?.url}/nope`, { headers: { "x-forwarded-for": "203.0.113.31" } })).status).toBe(
      404,
    );
  }, 120_000);

  it("allows DESK_AUTH_RATE_LIMIT sign-in posts a minute from one client in all", async () => {
    let n = 0;
    // A different account each time, so only this limit (not the wrong-password count) can refuse.
    const answers = await send(6, "/desk/sign-in", (url) => ({
      method: "POST",
      headers: { origin: url, "x-forwarded-for": "203.0.113.40" },
      body: new URLSearchParams({ email: `nobody${++n}@desk.example`, password: "not the password" }),
    }));
    const codes = answers.map((response) => response.status).sort();
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    const limited = answers.find((response) => response.status === 429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 120_000);
});
