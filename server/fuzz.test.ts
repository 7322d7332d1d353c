import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningServer, startServer, validQuote } from "../test/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ QUOTE_RATE_LIMIT: "10000" });
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
});
