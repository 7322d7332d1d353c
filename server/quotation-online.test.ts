import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl, setupTimeoutMs } from "#test/pg.ts";
import { type RunningServer, startServer } from "#test/server.ts";

// A quotation's page online, against the production build: what a wrong token gets, and how many
// answers one client may post.
describe("a quotation's page online, served", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Info level: every request is logged, and the log is checked for the links' tokens.
    server = await startServer({ DATABASE_URL: await freshDatabaseUrl(), LOG_LEVEL: "info" });
  }, setupTimeoutMs);
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  }, setupTimeoutMs);

  const someToken = () => randomBytes(32).toString("base64url");

  it("answers a wrong or malformed token with the 404 page and how to get the quotation again, never indexed or cached", async () => {
    const pages: string[] = [];
    for (const path of [`/q/${someToken()}`, "/q/short", `/q/${someToken()}/pdf`]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      const body = await response.text();
      expect(body).not.toContain("Your quotation");
      if (path.endsWith("/pdf")) continue;
      expect(body).toContain("404 Page Not Found");
      expect(body).toContain("Followed a link to a quotation? It may have been cut short");
      expect(body).toMatch(/href="tel:\+\d+"/);
      expect(body).toMatch(/href="mailto:[^"]+@/);
      pages.push(body.replace(/nonce="[^"]*"/g, ""));
    }
    // Whatever the link, the same page: it tells nothing about which links exist.
    expect(pages[0]).toBe(pages[1]);
    expect((await fetch(`${server.url}/q/${someToken()}`)).headers.get("cache-control")).toBe("no-store");
  });

  it("takes 10 answers a minute from one client, then 429, however the path is spelt; another client is not held back", async () => {
    const post = (client: string, path = (token: string) => `/q/${token}`) =>
      fetch(`${server.url}${path(someToken())}`, {
        method: "POST",
        headers: { origin: server.url, "x-forwarded-for": client },
        body: new URLSearchParams({ intent: "accept", buyerName: "Robin", poNumber: "4500012345", terms: "on" }),
      });
    // The router takes /Q/… and a trailing slash for the same page, so the limit counts them too.
    const spellings = [
      (token: string) => `/q/${token}`,
      (token: string) => `/q/${token}.data`,
      (token: string) => `/Q/${token}`,
      (token: string) => `/q/${token}/`,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post("203.0.113.60", spellings[i % spellings.length])).status);
    expect(statuses.slice(0, 10).filter((status) => status === 429)).toEqual([]);
    expect(statuses[10]).toBe(429);
    expect((await post("203.0.113.61")).status).toBe(404);
  }, 60_000);

  it("keeps a link's token out of the log: whoever reads it could answer the quotation", async () => {
    const token = someToken();
    const before = server.output().length;
    for (const path of [`/q/${token}`, `/q/${token}.data`, `/q/${token}/pdf`, `/Q/${token}`])
      await (await fetch(`${server.url}${path}`)).arrayBuffer();
    await fetch(`${server.url}/q/${token}`, {
      method: "POST",
      headers: { origin: server.url, "x-forwarded-for": "203.0.113.62" },
      body: new URLSearchParams({ intent: "accept", buyerName: "Robin", poNumber: "4500012345", terms: "on" }),
    });
    // All five requests are logged (their paths with the token left out), and the token nowhere.
    const logged = () =>
      server
        .output()
        .slice(before)
        .match(/"path":"\/q\/…[^"]*"/g) ?? [];
    await expect.poll(() => logged().length).toBe(5);
    expect(server.output()).not.toContain(token);
  });
});
