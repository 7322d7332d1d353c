import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "#test/pg.ts";
import { type RunningServer, startServer } from "#test/server.ts";

// Small posts no form of the site makes, over HTTP to the built server: each is answered at once and
// briefly, and the server keeps answering everyone else meanwhile.
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: await freshDatabaseUrl(), QUOTE_RATE_LIMIT: "10000" });
  // Warm: the first answers of a fresh process include loading code.
  for (const path of ["/?index", "/_.data?index", "/quote/send", "/desk/sign-in", "/desk/forgot-password"]) {
    await post(path, "customerName=warm");
  }
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

function post(path: string, body: string, type = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: { origin: server.url, "content-type": type, "x-forwarded-for": "198.51.100.66" },
  });
}

/** Posts while /healthz is asked every 10 ms; its slowest answer shows how long the server was busy. */
async function postWatched(path: string, body: string, type?: string) {
  let watching = true;
  let slowestHealth = 0;
  const watch = (async () => {
    while (watching) {
      const started = performance.now();
      const health = await fetch(`${server.url}/healthz`);
      await health.arrayBuffer();
      expect(health.status).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const response = await post(path, body, type);
  const text = await response.text();
  const ms = performance.now() - started;
  watching = false;
  await watch;
  return { status: response.status, bytes: Buffer.byteLength(text), ms, slowestHealth, text };
}

const multipart = (name: string, value: string) => {
  const boundary = "hostile-form";
  return {
    body: `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
};

describe("list indexes far beyond any form", () => {
  const cases: [string, string, string?][] = [
    ["/quote/send", "lines[10000000].part=p"],
    ["/quote/send", ...(Object.values(multipart("lines[10000000].part", "p")) as [string, string])],
    ["/?index", "z[1000000]=1"],
    ["/_.data?index", "z[1000000]=1"],
    ["/desk/sign-in", "z[1000000]=1"],
    ["/desk/forgot-password", "email=a@b.example&z[1000000]=1"],
    [
      "/quote/send",
      `customerName=Sam&__intent__=${encodeURIComponent('{"type":"update","payload":{"name":"lines","index":10000000,"value":"x"}}')}`,
    ],
  ];
  it.each(cases)("POST %s %s: a short 4xx at once, and /healthz answers meanwhile", async (path, body, type) => {
    // A busy machine can stall any one request for a moment; a server this input blocks is slow every time.
    let answer = await postWatched(path, body, type);
    for (let tries = 1; tries < 3 && (answer.ms >= 200 || answer.slowestHealth >= 200); tries++) {
      answer = await postWatched(path, body, type);
    }
    expect(answer.status, answer.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.bytes).toBeLessThan(50_000);
    expect(answer.ms).toBeLessThan(200);
    expect(answer.slowestHealth).toBeLessThan(200);
  });

  it("says why, in words, on the quote form's JSON route", async () => {
    const answer = await postWatched("/quote/send", "lines[10000000].part=p");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ ok: false, message: expect.stringContaining("could not read") });
  });
});

describe("refusals repeat little of what was sent", () => {
  it("refuses a post of more fields than any form has", async () => {
    const answer = await postWatched("/quote/send", Array(3000).fill("customerName=x").join("&"));
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThan(50_000);
  });

  it("repeats neither fields the form does not have nor a value far over its limit", async () => {
    const body = new URLSearchParams({
      customerName: "x".repeat(60_000),
      email: "sam@plant.example",
      unknownField: "left out",
    });
    const answer = await postWatched("/quote/send", body.toString());
    expect(answer.status).toBe(422);
    expect(answer.bytes).toBeLessThan(50_000);
    expect(answer.text).toContain("Keep your name under 120 characters");
    expect(answer.text).toContain("sam@plant.example");
    expect(answer.text).not.toContain("unknownField");
  });

  it("answers a lone line with a high index as the list's first line", async () => {
    const body = new URLSearchParams({ customerName: "Sam", "lines[60].quantity": "0" });
    const answer = await postWatched("/quote/send", body.toString());
    expect(answer.status).toBe(422);
    const reply = JSON.parse(answer.text) as { result: { error: Record<string, string[]> } };
    expect(Object.keys(reply.result.error)).toContain("lines[0].quantity");
    expect(JSON.stringify(reply.result.error)).not.toContain("Send up to 50 lines");
  });
});
