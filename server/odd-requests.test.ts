import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "#test/pg.ts";
import { rawHttp, rawRequest } from "#test/raw-http.ts";
import { type RunningServer, startServer } from "#test/server.ts";
import { eventually } from "#test/smtp.ts";

// Requests no browser sends, over raw sockets to the built server: clean 4xx answers, one log line each.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    DATABASE_URL: await freshDatabaseUrl(),
    LOG_LEVEL: "info",
    REQUEST_TIMEOUT_MS: "2000",
    HEADERS_TIMEOUT_MS: "2000",
    MAX_CONNECTIONS: "20",
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const send = (method: string, target: string, headers: Record<string, string> = {}) =>
  rawRequest(server.url, rawHttp(method, target, headers));

let marks = 0;
/** Where the log line of a request no other sends is, once it has arrived: every line logged before it has too. */
async function logMark() {
  const path = `/log-mark-${++marks}`;
  await send("OPTIONS", path);
  const line = `"path":"${path}"`;
  await eventually(() => server.output().includes(line), 10_000);
  const output = server.output();
  const at = output.indexOf(line);
  return { start: output.lastIndexOf("\n", at) + 1, end: output.indexOf("\n", at) + 1 };
}

/** The log lines written while `action` ran: those between a request's sent before it and one's sent after. */
async function logDuring(action: () => Promise<unknown>) {
  const from = (await logMark()).end;
  await action();
  const to = (await logMark()).start;
  return server.output().slice(from, to);
}

describe("odd methods and request targets", () => {
  it.each([
    ["TRACE", "/", 405],
    ["TRACE", "/sitemap.xml", 405],
    ["PUT", "/", 405],
    ["DELETE", "/products", 405],
    ["PROPFIND", "/contact", 405],
    ["CONNECT", "localhost:443", 405],
    ["OPTIONS", "*", 204],
    ["OPTIONS", "/", 204],
    ["GET", "*", 400],
    ["GET", "http://elsewhere.example/", 400],
    ["GET", "/%E0%A4%A", 400],
    ["GET", "/assets/%E0%A4%A", 400],
  ])("%s %s answers %i with the methods we serve, one log line and no stack", async (method, target, status) => {
    let response = { status: 0, head: "", body: "" };
    const log = await logDuring(async () => {
      response = await send(method, target);
    });
    expect(response.status).toBe(status);
    expect(response.head).toMatch(/^Allow: GET, HEAD, POST$/im);
    expect(response.body).not.toMatch(/\bat \S+ \(/);
    expect(log).not.toMatch(/^\s+at /m);
    // One line naming the answer (CONNECT is answered before the app and logs none).
    const lines = log.split("\n").filter(Boolean);
    expect(lines.length).toBeLessThanOrEqual(1);
    for (const line of lines) expect(line).toContain(`"status":${status}`);
  });
});

describe("malformed Host headers", () => {
  it.each(["127.0.0.1:99999", "", "a b", "ex ample:80", "host:port", "[::1", "a/b", "x".repeat(300)])(
    "Host %j on routes rendered per request answers 400, no stack",
    async (host) => {
      for (const target of ["/sitemap.xml", "/robots.txt", "/nope", "/?index", "/healthz"]) {
        let response = { status: 0, head: "", body: "" };
        const log = await logDuring(async () => {
          response = await send("GET", target, { host });
        });
        expect(response.status, `${target} with Host ${host}`).toBe(400);
        expect(log).not.toMatch(/^\s+at /m);
      }
    },
  );

  it("answers the site's loopback names on any port, IPv6 included, and refuses a malformed X-Forwarded-Host", async () => {
    expect((await send("GET", "/sitemap.xml", { host: "[::1]:3000" })).status).toBe(200);
    expect((await send("GET", "/sitemap.xml", { host: "127.0.0.1:8080" })).status).toBe(200);
    expect((await send("GET", "/sitemap.xml", { "x-forwarded-host": "a:99999" })).status).toBe(400);
  });

  it("answers a well-formed name the site is not served at with 421, except /healthz", async () => {
    expect((await send("GET", "/sitemap.xml", { host: "shop.example" })).status).toBe(421);
    // DNS rebinding: a name the attacker controls, pointed at this loopback server, reaches no form.
    const rebound = await rawRequest(
      server.url,
      rawHttp(
        "POST",
        "/?index",
        { host: "rebind.attacker.example:3000", origin: "http://rebind.attacker.example:3000" },
        "customerName=",
      ),
    );
    expect(rebound.status).toBe(421);
    expect((await send("GET", "/healthz", { host: "shop.example" })).status).toBe(200);
  });
});

describe("headers and limits", () => {
  it("switches off browser features no page uses", async () => {
    // A connection of its own (no keep-alive left open for the connection cap test below).
    const response = await send("GET", "/");
    expect(response.head).toMatch(/^Permissions-Policy: .*camera=\(\).*geolocation=\(\).*microphone=\(\)/im);
  });

  it("closes a request whose body trickles in slower than REQUEST_TIMEOUT_MS", async () => {
    const started = Date.now();
    const head = rawHttp("POST", "/?index", {
      origin: "http://localhost:3000",
      "content-type": "application/x-www-form-urlencoded",
      "content-length": "1000",
    });
    const response = await rawRequest(server.url, head.slice(0, head.indexOf("\r\n\r\n") + 4), 20_000);
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(6);
    expect([0, 408]).toContain(response.status);
  });

  it("takes at most MAX_CONNECTIONS connections at once", async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1", () => resolve(socket));
            socket.on("error", () => {});
            socket.write("GET / HTTP/1.1\r\n"); // headers never finished: the connection stays open
          }),
      ),
    );
    // Connections are accepted in the order they arrived: this one is the 21st, closed unanswered.
    expect((await send("GET", "/healthz")).status).toBe(0);
    for (const socket of sockets) socket.destroy();
    await eventually(async () => (await send("GET", "/healthz")).status === 200, 10_000);
  });
});
