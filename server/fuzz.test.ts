import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pageUrls } from "#app/pages.ts";
import { freshDatabaseUrl } from "#test/pg.ts";
import { rawHttp, rawRequest } from "#test/raw-http.ts";
import { type RunningServer, startServer, validQuote } from "#test/server.ts";

let server: RunningServer;
beforeAll(async () => {
  // Info level: every line the server logs is checked for customer data.
  server = await startServer({ DATABASE_URL: await freshDatabaseUrl(), QUOTE_RATE_LIMIT: "10000", LOG_LEVEL: "info" });
});
afterAll(async () => {
  await server.stop();
});

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

const nasty = [
  "",
  " ",
  "a\r\nBcc: x@evil.example",
  "=cmd|' /C calc'!A0",
  "<script>alert(1)</script>",
  "\u0000\u0001\u0002",
  "%E0%A4%A",
  "\uD800",
  "x".repeat(6000),
  "🔧".repeat(300),
  "[object Object]",
  "42",
  "true",
  "emergency",
  "bearings",
];
const fieldNames = [...Object.keys(validQuote), "company", "phone", "category", "formToken", "shownAt", "website"];
const paths = [
  "/?index",
  "/?index",
  "/?index",
  "/?index",
  "/",
  "/_root.data?index",
  "/_.data?index",
  "/contact",
  "/products",
  "/nope?index",
];

function malformedRequest(r: ReturnType<typeof random>): { path: string; init: RequestInit } {
  const kind = Math.floor(r.next() * 8);
  const fields = new URLSearchParams();
  for (const name of fieldNames) {
    const times = Math.floor(r.next() * 3); // missing, once, or repeated
    for (let i = 0; i < times; i++) fields.append(name, r.pick(nasty));
  }
  const path = r.pick(paths);
  switch (kind) {
    case 0:
      return { path, init: { method: "POST", body: fields } };
    case 1:
      return {
        path,
        init: {
          method: "POST",
          body: JSON.stringify(Object.fromEntries(fields)),
          headers: { "content-type": "application/json" },
        },
      };
    case 2: {
      const boundary = `b${Math.floor(r.next() * 1e9)}`;
      const parts = [...fields].map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      const body = parts.join("").slice(0, Math.floor(r.next() * 2000)); // truncated, unterminated
      return {
        path,
        init: { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } },
      };
    }
    case 3:
      return {
        path,
        init: {
          method: "POST",
          body: "customerName=%ZZ&email=%&requirements=%E0%A4%A",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        },
      };
    case 4:
      return {
        path,
        init: {
          method: "POST",
          body: new Uint8Array([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1]),
          headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
        },
      };
    case 5:
      return { path, init: { method: r.pick(["PUT", "PATCH", "DELETE", "OPTIONS"]), body: fields } };
    case 6:
      return {
        path,
        init: {
          method: "POST",
          body: fields,
          headers: {
            "content-type": r.pick(["text/plain", "application/xml", "multipart/form-data", "", "x/y; boundary="]),
          },
        },
      };
    default:
      return {
        path,
        init: {
          method: "POST",
          body: "x".repeat(70_000 + Math.floor(r.next() * 1000)),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        },
      };
  }
}

it("answers 1,000 malformed requests without a single 5xx and stays healthy", async () => {
  const r = random(20261122);
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  for (let batch = 0; batch < 50; batch++) {
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { path, init } = malformedRequest(r);
        const response = await fetch(`${server.url}${path}`, {
          ...init,
          headers: {
            origin: server.url,
            "x-forwarded-for": `10.${Math.floor(r.next() * 250)}.${Math.floor(r.next() * 250)}.1`,
            ...(init.headers as Record<string, string>),
          },
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push(`${init.method} ${path} → ${response.status}`);
      }),
    );
  }
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  console.log("fuzz statuses:", Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  expect(total).toBe(1000);
  expect(failures).toEqual([]);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  expect(server.output()).not.toMatch(/"level":(50|60)/);
}, 120_000);

// ---- Corrupted valid requests, every method on every route, malformed Host headers ----

/** Distinctive values: none of them may ever appear in the log, whatever happens to the request. */
const customer = {
  customerName: "Zebulon Quartermaine",
  email: "zq.marker@plant.example",
  company: "Quillfeather Holdings",
  phone: "01632 960777",
  requirements: "XQ-MARKER 6205-2RS x 4",
};
// (The phone number whole: its digits alone turn up in millisecond timestamps.)
const customerTraces = ["Zebulon", "Quartermaine", "zq.marker", "Quillfeather", "01632 960777", "XQ-MARKER"];

/** Byte sequences that break text: NUL, controls, lone surrogates (CESU-8), overlong and cut UTF-8. */
const badBytes = [
  [0x00],
  [0x00, 0x00, 0x00],
  [0x07],
  [0x1b, 0x5b, 0x33, 0x31, 0x6d],
  [0x7f],
  [0xc2, 0x85],
  [0xed, 0xa0, 0x80],
  [0xed, 0xb0, 0x80],
  [0xed, 0xa0, 0xbd, 0xed, 0xb4, 0xa7],
  [0xc0, 0xaf],
  [0xc0, 0x80],
  [0xe0, 0x80, 0xaf],
  [0xf0, 0x80, 0x80, 0xaf],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xff, 0xfe],
  [0xef, 0xbf, 0xbe],
  [0xe2, 0x80, 0xae],
  [0x0d, 0x0a],
];
const percent = (bytes: number[]) => bytes.map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");
const textTricks = [
  "\u0000",
  "\uD800",
  "\uDFFF",
  "\uFFFD",
  "\u202E",
  "\r\nBcc: x@evil.example",
  "%",
  "%E",
  "%ZZ",
  "+",
  "&",
  "=",
];

function corrupted(r: ReturnType<typeof random>): { body: Uint8Array<ArrayBuffer>; type: string } {
  const fields: [string, string][] = Object.entries({ ...customer, urgency: "emergency", formToken: "fuzzToken1234" });
  const multipart = r.next() < 0.3;
  // Lone surrogates cannot go through encodeURIComponent; Buffer writes them as U+FFFD (their raw CESU-8
  // bytes are among badBytes).
  const encode = (text: string) => (multipart ? text : percent([...Buffer.from(text, "utf8")]));
  const parts: Buffer[] = [];
  const boundary = `fuzz${Math.floor(r.next() * 1e9)}`;
  for (const [name, value] of fields) {
    let valueBytes = Buffer.from(encode(value), "utf8");
    // Free-text fields are corrupted most, so that many requests pass validation and reach the database.
    const chance = ["customerName", "company", "requirements"].includes(name) ? 0.6 : 0.05;
    const mutations = r.next() < chance ? 1 + Math.floor(r.next() * 3) : 0;
    for (let m = 0; m < mutations; m++) {
      const at = Math.floor(r.next() * (valueBytes.length + 1));
      const choice = r.next();
      let insert: Buffer;
      if (choice < 0.35) insert = multipart ? Buffer.from(r.pick(badBytes)) : Buffer.from(percent(r.pick(badBytes)));
      else if (choice < 0.55) insert = Buffer.from(r.pick(badBytes));
      else if (choice < 0.75) insert = Buffer.from(encode(r.pick(textTricks)), "utf8");
      else if (choice < 0.9) {
        // Flip a byte in place.
        const copy = Buffer.from(valueBytes);
        if (copy.length) copy[Math.min(at, copy.length - 1)] = Math.floor(r.next() * 256);
        valueBytes = copy;
        continue;
      } else insert = Buffer.from(encode("\u0000".repeat(1 + Math.floor(r.next() * 50))), "utf8");
      valueBytes = Buffer.concat([valueBytes.subarray(0, at), insert, valueBytes.subarray(at)]);
    }
    if (multipart) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        valueBytes,
        Buffer.from("\r\n"),
      );
    } else {
      parts.push(Buffer.from(`${parts.length ? "&" : ""}${name}=`), valueBytes);
    }
  }
  if (multipart) parts.push(Buffer.from(`--${boundary}--\r\n`));
  const charset = r.pick([
    "",
    "",
    "",
    "; charset=utf-8",
    "; charset=utf-16",
    "; charset=iso-8859-1",
    "; charset=x-nonsense",
  ]);
  const type = multipart ? `multipart/form-data; boundary=${boundary}` : `application/x-www-form-urlencoded${charset}`;
  const bytes = Buffer.concat(parts);
  return { body: new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)), type };
}

const routes = [
  ...pageUrls,
  "/?index",
  "/_root.data",
  "/_root.data?index",
  "/products.data",
  "/sitemap.xml",
  "/robots.txt",
  "/manifest.webmanifest",
  "/healthz",
  "/form-token",
  "/search?q=6205",
  "/quote/send",
  "/desk",
  "/desk/sign-in",
  "/desk/sign-out",
  "/desk/setup",
  "/desk/welcome",
  "/desk/forgot-password",
  "/desk/reset-password",
  "/desk/quotes/Q-261122-7F3K9",
  "/desk/quotes/Q-261122-7F3K9/quotation",
  "/desk/quotes/Q-261122-7F3K9/quotation-pdf/draft",
  "/desk/quotes/Q-261122-7F3K9/quotation-pdf/1",
  "/desk/export",
  "/desk/attachments/1",
  "/desk/people",
  "/desk/mail",
  "/favicon.ico",
  "/assets/none.js",
  "/index.html",
  "/nope",
  "*",
];
const methods = [...http.METHODS, "FOO", "BREW"];
const hosts = [
  "127.0.0.1:99999",
  "",
  "a b",
  "localhost:-1",
  "localhost:80:80",
  "[::1",
  "::1",
  "local/host",
  "local\\host",
  "localhost@evil.example",
  "x".repeat(400),
  "%00",
  "l\u00f6calhost",
  "localhost:",
];
const clientAddress = (r: ReturnType<typeof random>) =>
  `10.${Math.floor(r.next() * 250)}.${Math.floor(r.next() * 250)}.${Math.floor(r.next() * 250)}`;

type Case = () => Promise<{ label: string; status: number }>;

async function runCases(cases: Case[], concurrency = 16) {
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < cases.length) {
        const { label, status } = await (cases[next++] as Case)();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) failures.push(`${label} → ${status}`);
      }
    }),
  );
  return { statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)), failures };
}

it("answers 5,000 more: corrupted valid requests, every method on every route, malformed Hosts, HTTP/1.0 without Host; no 5xx, no customer data logged", async () => {
  const r = random(1311);
  const cases: Case[] = [];
  for (let i = 0; i < 3300; i++) {
    const { body, type } = corrupted(r);
    const headers = { origin: server.url, "content-type": type, "x-forwarded-for": clientAddress(r) };
    cases.push(async () => {
      const response = await fetch(`${server.url}/?index`, { method: "POST", body, headers });
      await response.arrayBuffer();
      return { label: `corrupted ${type}`, status: response.status };
    });
  }
  for (const method of methods) {
    for (const route of routes) {
      const body = ["POST", "PUT", "PATCH"].includes(method) ? new URLSearchParams(customer).toString() : "";
      const headers = { "x-forwarded-for": clientAddress(r), "content-type": "application/x-www-form-urlencoded" };
      cases.push(async () => {
        const response = await rawRequest(server.url, rawHttp(method, route, headers, body));
        // 0: closed unanswered, as Node does for a method it cannot parse; never a 5xx.
        return { label: `${method} ${route}`, status: response.status };
      });
    }
  }
  // HTTP/1.0 may leave Host out: every route answers as a prerendered page would, never 5xx.
  for (const method of ["GET", "HEAD", "POST"]) {
    for (const route of routes) {
      const request = `${method} ${route} HTTP/1.0\r\nx-forwarded-for: ${clientAddress(r)}\r\n\r\n`;
      cases.push(async () => {
        const response = await rawRequest(server.url, request);
        return { label: `HTTP/1.0 ${method} ${route} without Host`, status: response.status };
      });
    }
  }
  for (const host of hosts) {
    for (const route of routes) {
      for (const header of ["host", "x-forwarded-host"]) {
        const headers = { [header]: host, "x-forwarded-for": clientAddress(r) };
        cases.push(async () => {
          const response = await rawRequest(server.url, rawHttp("GET", route, headers));
          return { label: `GET ${route} ${header}: ${JSON.stringify(host).slice(0, 40)}`, status: response.status };
        });
      }
    }
  }
  expect(cases.length).toBeGreaterThanOrEqual(5000);
  const { statuses, failures } = await runCases(cases);
  const log = server.output();
  const leaks = customerTraces.filter((trace) => log.includes(trace));
  // React Router logs a stack for a POST to a page without an action (app/entry.server.tsx's handleError).
  const stacks = log
    .split("\n")
    .filter((line) => /^\w*Error\b/.test(line) && !/did not provide an `action`/.test(line));
  console.log(
    `fuzz: ${cases.length} cases, statuses`,
    statuses,
    `${failures.length} 5xx, ${leaks.length} customer fields in the log, ` +
      `${log.split("\n").filter((line) => /did not provide an `action`/.test(line)).length} router stack traces for POSTs to pages without an action`,
  );
  expect(failures).toEqual([]);
  expect(leaks).toEqual([]);
  expect(stacks).toEqual([]);
  expect(log).not.toMatch(/"level":(50|60)/);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}, 600_000);
