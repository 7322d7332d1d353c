import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageUrls } from "#app/pages.ts";
import { freshDatabaseUrl } from "#test/pg.ts";
import { type RunningServer, startServer } from "#test/server.ts";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: await freshDatabaseUrl() });
}, 60_000);
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The response exactly as it left the server: no decompression, no redirects followed. */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

const scriptSrc = (policy: string | string[] | undefined) =>
  String(policy ?? "").match(/(?:^|;)\s*script-src ([^;]*)/)?.[1] ?? "";
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .filter(Boolean);
const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The routes a page's boot names, and those the server gives for the paths it links to (asked after hydrating). */
async function routeLists(html: string) {
  const written = JSON.parse(
    html.match(/<script\b[^>]*>[^<]*?window\.__reactRouterManifest = (\{.*?\});\n/s)?.[1] ?? "null",
  );
  const paths = [...html.matchAll(/<(?:a|form)\b[^>]*\sdata-discover="true"[^>]*>/g)].map(
    ([tag]) => tag.match(/\s(?:href|action)="(\/[^"#?]*)/)?.[1] ?? "/",
  );
  expect(paths.length).toBeGreaterThan(0);
  const query = new URLSearchParams({ paths: [...new Set(paths)].join(","), version: written.version });
  const answer = await get(`/__manifest?${query}`, { accept: "application/json" });
  expect(answer.status).toBe(200);
  return { written: Object.keys(written.routes), linked: Object.keys(JSON.parse(answer.body.toString("utf8"))) };
}

describe.each(pageUrls)("prerendered page %s", (path) => {
  it("is the same bytes and ETag for every visitor, precompressed, with a hash-based policy", async () => {
    const first = await get(path, { "accept-encoding": "br, gzip" });
    const second = await get(path, { "accept-encoding": "br, gzip" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(second.body.equals(first.body)).toBe(true);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(first.headers.vary).toBe("Accept-Encoding");
    expect(first.headers["cache-control"]).toBe("no-cache");

    const policy = String(first.headers["content-security-policy"]);
    const sources = scriptSrc(policy);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'nonce-");
    expect(sources).toContain("'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");

    const html = zlib.brotliDecompressSync(first.body).toString("utf8");
    expect(html).toContain("<h1");
    expect(html).not.toContain("nonce=");
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) expect(sources.split(" ")).toContain(sha256(script));
  });

  it("names its own routes, and the server answers the router's question about the routes its links lead to", async () => {
    const html = (await get(path)).body.toString("utf8");
    const { written, linked } = await routeLists(html);
    expect(written).toContain("root");
    expect(linked).toEqual(expect.arrayContaining(written));
    expect(linked.length).toBeGreaterThan(written.length);
  });

  it("answers 304 to its own ETag, and gzip or plain bytes to browsers without brotli", async () => {
    const first = await get(path, { "accept-encoding": "br" });
    const revalidated = await get(path, { "accept-encoding": "br", "if-none-match": first.headers.etag ?? "" });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);

    const gzipped = await get(path, { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.etag).not.toBe(first.headers.etag);
    const plain = await get(path, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(zlib.brotliDecompressSync(first.body).equals(plain.body)).toBe(true);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect((await get(path, { "accept-encoding": "gzip", "if-none-match": first.headers.etag ?? "" })).status).toBe(
      200,
    );
  });
});

describe("what is not a prerendered page", () => {
  it("raw build paths redirect to the clean URL or are not found", async () => {
    for (const [raw, clean] of [
      ["/index.html", "/"],
      ["/products/index.html", "/products"],
      ["/products/bearings/index.html", "/products/bearings"],
    ] as const) {
      const response = await get(raw);
      expect(response.status).toBe(301);
      expect(new URL(response.headers.location ?? "", server.url).pathname).toBe(clean);
    }
    for (const raw of ["/index.html.br", "/products/index.html.gz", "/contact/index.htm"]) {
      expect((await get(raw)).status).toBe(404);
    }
  });

  it("a HEAD request gets the page's headers without a body", async () => {
    const head = await get("/services", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe((await get("/services", { "accept-encoding": "br" })).headers.etag);
  });

  it("a server-rendered page's links are answered by the route list too", async () => {
    const response = await get("/search?q=bearing");
    expect(response.status).toBe(200);
    const { written, linked } = await routeLists(response.body.toString("utf8"));
    expect(linked).toEqual(expect.arrayContaining(written));
  });

  it("server-rendered responses keep a fresh nonce per request", async () => {
    const first = await get("/no-such-page");
    const second = await get("/no-such-page");
    expect(first.status).toBe(404);
    const nonce = scriptSrc(first.headers["content-security-policy"]).match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc(second.headers["content-security-policy"])).not.toContain(nonce);
    expect(first.body.toString("utf8")).toContain(`nonce="${nonce}"`);
  });
});
