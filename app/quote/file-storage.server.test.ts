import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsStorage, createS3Storage, type FileStorage, newStorageKey } from "#app/quote/file-storage.server.ts";
import { startS3 } from "#test/s3.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "mro-storage-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function localFile(content: string) {
  const file = path.join(scratch, `${Math.random()}.tmp`);
  fs.writeFileSync(file, content);
  return file;
}

async function keys(storage: FileStorage) {
  const found: string[] = [];
  for await (const entry of storage.list()) found.push(entry.key);
  return found;
}

/** The same contract for every backend. */
function contract(name: string, open: () => FileStorage) {
  describe(`${name} storage`, () => {
    it("stores a file under a random key, lists it, reads it back and deletes it", async () => {
      const storage = open();
      const key = newStorageKey("pdf");
      const local = localFile("%PDF-1.4 drawing");
      await storage.put(key, local, "application/pdf");
      expect(fs.existsSync(local)).toBe(false);
      const stream = await storage.get(key);
      expect(stream && (await text(stream))).toBe("%PDF-1.4 drawing");
      expect(await keys(storage)).toContain(key);
      for await (const entry of storage.list())
        if (entry.key === key) expect(entry.modified.getTime()).toBeGreaterThan(0);
      await storage.delete(key);
      expect(await storage.get(key)).toBeUndefined();
      expect(await keys(storage)).not.toContain(key);
    });

    it("answers undefined for a missing key and deleting it twice is harmless", async () => {
      const storage = open();
      const key = newStorageKey("jpg");
      expect(await storage.get(key)).toBeUndefined();
      await storage.delete(key);
    });

    it("refuses anything but its own keys, so no sent name is ever a path", async () => {
      const storage = open();
      await expect(storage.get("../../etc/passwd")).rejects.toThrow("Not a storage key");
      await expect(storage.put("photo.jpg", localFile("x"), "image/jpeg")).rejects.toThrow("Not a storage key");
    });
  });
}

contract("filesystem", () => createFsStorage(path.join(scratch, "uploads")));

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.stop());
contract("S3", () => createS3Storage(s3.config));
