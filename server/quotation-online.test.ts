import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl, setupTimeoutMs } from "#test/pg.ts";
import { type RunningServer, startServer } from "#test/server.ts";

// A quotation's page online, against the production build: what a wrong token gets, and how many
// answers one client may post.
describe("a quotation's page online, served", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: await freshDatabaseUrl() });
  }, setupTimeoutMs);
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  }, setupTimeoutMs);

  const someToken = () => randomBytes(32).toString("base64url");

  it("answers a wrong or malformed token with the plain 404 page, never indexed or cached", async () => {
    for (const path of [`/q/${someToken()}`, "/q/short", `/q/${someToken()}/pdf`]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      const body = await response.text();
      if (!path.endsWith("/pdf")) expect(body).toContain("404 Page Not Found");
      expect(body).not.toContain("Your quotation");
    }
    expect((await fetch(`${server.url}/q/${someToken()}`)).headers.get("cache-control")).toBe("no-store");
  });

  it("takes 10 answers a minute from one client, then 429; another client is not held back", async () => {
    const post = (client: string, suffix = "") =>
      fetch(`${server.url}/q/${someToken()}${suffix}`, {
        method: "POST",
        headers: { origin: server.url, "x-forwarded-for": client },
        body: new URLSearchParams({ intent: "accept", buyerName: "Robin", poNumber: "4500012345", terms: "on" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post("203.0.113.60", i % 2 ? ".data" : "")).status);
    expect(statuses.slice(0, 10).filter((status) => status === 429)).toEqual([]);
    expect(statuses[10]).toBe(429);
    expect((await post("203.0.113.61")).status).toBe(404);
  }, 60_000);
});
