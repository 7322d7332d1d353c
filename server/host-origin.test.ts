import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "#test/pg.ts";
import { rawHttp, rawRequest } from "#test/raw-http.ts";
import { type RunningServer, startServer } from "#test/server.ts";

// A site served at https://www.wrekin-mro.example (and the bare domain), behind a proxy on this machine.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    DATABASE_URL: await freshDatabaseUrl(),
    SITE_URL: "https://www.wrekin-mro.example",
    EXTRA_ORIGINS: "https://wrekin-mro.example",
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

let client = 0;
const send = (method: string, target: string, headers: Record<string, string>, body = "") =>
  rawRequest(
    server.url,
    rawHttp(
      method,
      target,
      { "x-forwarded-for": `198.51.100.${++client}`, "content-type": "application/x-www-form-urlencoded", ...headers },
      body,
    ),
  );
/** An empty quote form: the action answers 422 once the post has passed the origin check. */
const post = (headers: Record<string, string>) => send("POST", "/?index", headers, "customerName=");

describe("Host: the site's own names only, in production", () => {
  it("answers the site's host names, SITE_URL's and EXTRA_ORIGINS', whatever the port", async () => {
    expect((await send("GET", "/sitemap.xml", { host: "www.wrekin-mro.example" })).status).toBe(200);
    expect((await send("GET", "/sitemap.xml", { host: "wrekin-mro.example" })).status).toBe(200);
    expect((await send("GET", "/", { host: "WWW.wrekin-mro.example:8080" })).status).toBe(200);
  });

  it("answers another name with 421 and a short text, on every kind of route", async () => {
    for (const target of ["/", "/sitemap.xml", "/desk/sign-in", "/nope"]) {
      const response = await send("GET", target, { host: "rebind.attacker.example" });
      expect(response.status, target).toBe(421);
      expect(response.head).toMatch(/^Content-Type: text\/plain/im);
      expect(response.body).toBe("421: This server does not answer for that host name.");
    }
    expect((await send("GET", "/", { host: "203.0.113.5" })).status).toBe(421);
    // A proxy this server trusts names the host the visitor asked for.
    const forwarded = await send("GET", "/", { host: "127.0.0.1", "x-forwarded-host": "rebind.attacker.example" });
    expect(forwarded.status).toBe(421);
    expect((await send("GET", "/", { host: "127.0.0.1", "x-forwarded-host": "wrekin-mro.example" })).status).toBe(200);
  });

  it("answers /healthz whatever the Host, as load balancers probe by address", async () => {
    expect((await send("GET", "/healthz", { host: "10.0.0.8:3000" })).status).toBe(200);
  });

  it("refuses a form posted through a name the attacker controls (DNS rebinding)", async () => {
    const rebound = await post({ host: "rebind.attacker.example", origin: "http://rebind.attacker.example" });
    expect(rebound.status).toBe(421);
  });
});

describe("forms: posted from the site's own origins only", () => {
  const host = { host: "www.wrekin-mro.example" };

  it("takes a post from SITE_URL's origin and from EXTRA_ORIGINS", async () => {
    expect((await post({ ...host, origin: "https://www.wrekin-mro.example" })).status).toBe(422);
    expect((await post({ ...host, origin: "https://wrekin-mro.example" })).status).toBe(422);
    expect((await post({ ...host, referer: "https://www.wrekin-mro.example/contact" })).status).toBe(422);
    // No Origin and no Referer: not a browser, so no visitor's form is forged.
    expect((await post(host)).status).toBe(422);
  });

  it("refuses with 403 an origin that is not the site's, even when it names the request's own Host", async () => {
    for (const origin of [
      "https://evil.example",
      "http://www.wrekin-mro.example",
      "https://www.wrekin-mro.example:8443",
      "null",
    ]) {
      const response = await post({ ...host, origin });
      expect(response.status, origin).toBe(403);
      expect(response.body).toBe("403: Forms can only be sent from this website.");
    }
    expect((await post({ host: "wrekin-mro.example", origin: "http://wrekin-mro.example" })).status).toBe(403);
    expect((await post({ ...host, referer: "https://evil.example/page" })).status).toBe(403);
    expect((await post({ ...host, referer: "not a url" })).status).toBe(403);
  });
});
