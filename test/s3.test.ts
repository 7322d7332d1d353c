import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { AwsClient } from "aws4fetch";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createS3Storage, newStorageKey } from "#app/quote/file-storage.server.ts";
import { startS3 } from "#test/s3.ts";

// The S3 the tests use checks signatures as S3 does, so storage that stopped signing, or signed wrongly,
// fails every S3 test instead of passing them.
let s3: Awaited<ReturnType<typeof startS3>>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "mro-s3-gate-"));
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function localFile(content: string) {
  const file = path.join(scratch, `${Math.random()}.tmp`);
  fs.writeFileSync(file, content);
  return file;
}

const signer = (secretAccessKey = s3.config.secretAccessKey) =>
  new AwsClient({ ...s3.config, secretAccessKey, service: "s3", retries: 0 });

it("stores, lists, reads and deletes the site's files with every request signed", async () => {
  const storage = createS3Storage(s3.config);
  const key = newStorageKey("pdf");
  await storage.put(key, localFile("%PDF-1.4 drawing"), "application/pdf");
  const stream = await storage.get(key);
  expect(stream && (await text(stream))).toBe("%PDF-1.4 drawing");
  const listed: string[] = [];
  for await (const entry of storage.list()) listed.push(entry.key);
  expect(listed).toContain(key);
  await storage.delete(key);
  expect(await storage.get(key)).toBeUndefined();
  expect(s3.refused).toEqual([]);
});

it("refuses unsigned requests with 403 and stores nothing they send", async () => {
  const key = newStorageKey("jpg");
  const url = `${s3.config.url}/${key}`;
  for (const [method, target, body] of [
    ["PUT", url, "not signed"],
    ["GET", url],
    ["DELETE", url],
    ["GET", `${s3.config.url}?list-type=2`],
  ] as const) {
    const response = await fetch(target, { method, body });
    expect(response.status, `${method} ${target}`).toBe(403);
    expect(await response.text()).toContain("<Code>AccessDenied</Code>");
  }
  expect(s3.refused.map((r) => r.why)).toEqual(["unsigned", "unsigned", "unsigned", "unsigned"]);
  expect(await createS3Storage(s3.config).get(key)).toBeUndefined();
  s3.refused.length = 0;
});

it("refuses a request signed with the wrong secret, for another object, or long ago", async () => {
  const wrong = createS3Storage({ ...s3.config, secretAccessKey: "not-the-test-secret" });
  const key = newStorageKey("pdf");
  await expect(wrong.put(key, localFile("%PDF-1.4"), "application/pdf")).rejects.toThrow("HTTP 403");
  await expect(wrong.get(key)).rejects.toThrow("HTTP 403");

  const right = createS3Storage(s3.config);
  await right.put(key, localFile("%PDF-1.4 kept"), "application/pdf");
  // A signature made for one object, sent for another.
  const other = newStorageKey("pdf");
  await right.put(other, localFile("%PDF-1.4 other"), "application/pdf");
  const signed = await signer().sign(`${s3.config.url}/${key}`);
  expect((await fetch(`${s3.config.url}/${other}`, { headers: signed.headers })).status).toBe(403);
  expect((await fetch(signed)).status).toBe(200);
  // The same request signed an hour ago.
  const stale = await signer().sign(`${s3.config.url}/${key}`, {
    aws: { datetime: new Date(Date.now() - 3_600_000).toISOString().replace(/[:-]|\.\d{3}/g, "") },
  });
  expect((await fetch(stale)).status).toBe(403);
  expect(s3.refused.map((r) => r.why)).toEqual([
    "signature mismatch",
    "signature mismatch",
    "signature mismatch",
    "request time too skewed",
  ]);
});
