import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "#db/client.server.ts";
import { attachments } from "#db/schema.ts";
import { type RunningServer, startServer, validQuote } from "#test/server.ts";

let server: RunningServer;
let jpeg: Buffer;
beforeAll(async () => {
  server = await startServer({ QUOTE_RATE_LIMIT: "10000" });
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#456" } })
    .jpeg()
    .toBuffer();
}, 150_000);
afterAll(async () => {
  await server?.stop();
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

const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
const fileNames = [
  "photo.jpg",
  "../../etc/passwd",
  "a\u0000b.pdf",
  "\u202egpj.exe",
  "",
  "x".repeat(400),
  "🔧.png",
  "C:\\x.pdf",
];
const fieldNames = [
  ...Object.keys(validQuote),
  "formToken",
  "website",
  "lines[0].part",
  "lines[0].quantity",
  "lines[0].brand",
  "lines[49].part",
  "lines[50].part",
  "lines[-1].part",
  "lines.part",
  "lines[0]",
  "attachments",
  "__intent__",
];
const values = ["", "1", "0", "-3", "1e3", "6205-2RS", "\r\nBcc: x", "\uD800", "x".repeat(3000), '{"type":"insert"}'];

function fileBytes(r: ReturnType<typeof random>) {
  return r.pick([
    () => jpeg,
    () => jpeg.subarray(0, Math.floor(r.next() * jpeg.length)),
    () => pdf,
    () => Buffer.from("#!/bin/sh\necho hi\n"),
    () => Buffer.alloc(0),
    () => Buffer.concat([jpeg.subarray(0, 12), Buffer.alloc(2000, 255)]),
    () => Buffer.from("GIF89a not allowed"),
  ])();
}

function escapeHeader(value: string) {
  return value.replace(/"/g, "%22");
}

/** A multipart body, sometimes well formed, sometimes cut, with stray boundaries or broken headers. */
function body(seed: number) {
  const r = random(seed);
  const boundary = r.pick(["----b", "x", "----WebKitFormBoundary7MA4YWxkTrZu0gW", "a".repeat(70)]);
  const chunks: Buffer[] = [];
  const fields = { ...validQuote, formToken: `fuzz-${seed}` } as Record<string, string>;
  for (const [name, value] of Object.entries(fields)) {
    if (r.next() < 0.85)
      chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const extra = Math.floor(r.next() * 6);
  for (let i = 0; i < extra; i++) {
    const name = escapeHeader(r.pick(fieldNames));
    if (r.next() < 0.5) {
      const file = escapeHeader(r.pick(fileNames));
      const type = r.pick(["image/jpeg", "application/pdf", "text/plain", "", "image/heic"]);
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="attachments"; filename="${file}"\r\n${type ? `content-type: ${type}\r\n` : ""}\r\n`,
        ),
        fileBytes(r),
        Buffer.from("\r\n"),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${r.pick(values)}\r\n`),
      );
    }
  }
  const ending = r.pick(["close", "close", "close", "none", "garbage", "cut", "header"]);
  if (ending === "close") chunks.push(Buffer.from(`--${boundary}--\r\n`));
  if (ending === "garbage") chunks.push(Buffer.from(`--${boundary}\r\nno headers here`));
  if (ending === "header")
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${"x".repeat(9000)}\r\n\r\n`));
  let all = Buffer.concat(chunks);
  if (ending === "cut") all = all.subarray(0, Math.floor(r.next() * all.length));
  const declared = r.next() < 0.1 ? `multipart/form-data` : `multipart/form-data; boundary=${boundary}`;
  return { bytes: all, type: declared, path: r.pick(["/quote/send", "/quote/send", "/?index", "/_.data?index"]) };
}

it("answers 1,000 malformed multipart requests without a 5xx and leaves no orphan file", async () => {
  const failures: string[] = [];
  let total = 0;
  for (let batch = 0; batch < 50; batch++) {
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const seed = batch * 20 + i + 1;
        const { bytes, type, path: target } = body(seed);
        const response = await fetch(`${server.url}${target}`, {
          method: "POST",
          body: bytes,
          headers: { "content-type": type, origin: server.url, "x-forwarded-for": `10.3.${batch}.${i}` },
        });
        await response.arrayBuffer();
        total++;
        if (response.status >= 500) failures.push(`seed ${seed}: ${response.status}`);
      }),
    );
  }
  expect(total).toBe(1000);
  expect(failures).toEqual([]);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

  expect(server.output()).not.toMatch(/"level":(50|60)/);

  // Every stored file belongs to a stored request, and nothing waits half-received.
  await server?.stop();
  const uploads = path.join(server.dataDir, "uploads");
  const incoming = path.join(uploads, ".incoming");
  expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
  const stored = fs.existsSync(uploads) ? fs.readdirSync(uploads).filter((name) => !name.startsWith(".")) : [];
  const database = await openDatabase({ dataDir: server.dataDir });
  try {
    const recorded = await database.db.select({ key: attachments.storageKey }).from(attachments);
    expect(stored.sort()).toEqual(recorded.map((row) => row.key).sort());
  } finally {
    await database.close();
  }
}, 300_000);
