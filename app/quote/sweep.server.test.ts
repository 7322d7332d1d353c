import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expireHeldMail, listHeldMail } from "#app/mail-in/held.server.ts";
import { createFsStorage, createS3Storage, type FileStorage, newStorageKey } from "#app/quote/file-storage.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { sweepOrphans } from "#app/quote/sweep.server.ts";
import { attachments, heldMail, quoteLines } from "#db/schema.ts";
import { describeDatabase, resetTables } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";
import { startS3 } from "#test/s3.ts";

const hour = 60 * 60 * 1000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "mro-sweep-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function putFile(storage: FileStorage, extension = "jpg") {
  const local = path.join(scratch, `${Math.random()}.tmp`);
  fs.writeFileSync(local, "bytes");
  const key = newStorageKey(extension);
  await storage.put(key, local, "image/jpeg");
  return key;
}

async function keys(storage: FileStorage) {
  const found: string[] = [];
  for await (const entry of storage.list()) found.push(entry.key);
  return found;
}

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.stop());

describeDatabase("a request with lines and files", (target) => {
  beforeEach(() => resetTables(target.database.db));

  it("commits the request, its lines in order and its attachment records together", async () => {
    const stored = await storeQuote(target.database.db, sampleQuote, storeMeta(), {
      lines: [
        { part: "6205-2RS", quantity: 4, brand: "SKF" },
        { part: "SPA1250", quantity: 1 },
      ],
      attachments: [
        {
          storageKey: newStorageKey("jpg"),
          fileName: "plate.jpg",
          contentType: "image/jpeg",
          size: 10,
          width: 4,
          height: 3,
        },
      ],
    });
    expect(stored.duplicate).toBe(false);
    const lines = await target.database.db.select().from(quoteLines).orderBy(quoteLines.position);
    expect(lines.map((line) => [line.position, line.part, line.quantity, line.brand])).toEqual([
      [0, "6205-2RS", 4, "SKF"],
      [1, "SPA1250", 1, null],
    ]);
    expect(await target.database.db.select().from(attachments)).toHaveLength(1);
  });

  it("keeps nothing when the transaction fails (a quantity the database refuses)", async () => {
    await expect(
      storeQuote(target.database.db, sampleQuote, storeMeta(), { lines: [{ part: "x", quantity: 0 }] }),
    ).rejects.toThrow();
    expect(await target.database.db.select().from(attachments)).toHaveLength(0);
    expect(await target.database.db.select().from(quoteLines)).toHaveLength(0);
  });

  for (const kind of ["filesystem", "S3"] as const) {
    it(`sweeps ${kind} files of requests that never committed, after the grace period only`, async () => {
      const storage = kind === "S3" ? createS3Storage(s3.config) : createFsStorage(path.join(scratch, "uploads"));
      const incomingDir = path.join(scratch, `incoming-${Math.random()}`);
      fs.mkdirSync(incomingDir);
      for (const key of await keys(storage)) await storage.delete(key);
      const kept = await putFile(storage);
      const orphan = await putFile(storage, "pdf");
      await storeQuote(target.database.db, sampleQuote, storeMeta(), {
        attachments: [{ storageKey: kept, fileName: "a.jpg", contentType: "image/jpeg", size: 5, width: 1, height: 1 }],
      });
      // A half-received upload left by a killed process.
      const partial = path.join(incomingDir, "0123456789abcdef0123456789abcdef.part");
      fs.writeFileSync(partial, "half");

      const now = new Date();
      expect(await sweepOrphans({ db: target.database.db, storage, incomingDir, now })).toBe(0);
      expect((await keys(storage)).sort()).toEqual([kept, orphan].sort());

      const later = new Date(now.getTime() + 2 * hour);
      expect(await sweepOrphans({ db: target.database.db, storage, incomingDir, now: later })).toBe(2);
      expect(await keys(storage)).toEqual([kept]);
      expect(fs.existsSync(partial)).toBe(false);
    });
  }
});

describeDatabase("an e-mail held for the desk", (target) => {
  it("keeps its bytes through the sweep until staff join or dismiss it", async () => {
    const storage = createFsStorage(path.join(scratch, "held-uploads"));
    const key = await putFile(storage, "eml");
    await target.database.db.execute(
      sql`insert into held_mail (source_key, file_name, received_at, why, storage_key)
          values ('file:lunch.eml:10:1', 'lunch.eml', now(), 'no request', ${key})`,
    );
    const later = new Date(Date.now() + 2 * hour);
    const incomingDir = path.join(scratch, "held-incoming");
    expect(await sweepOrphans({ db: target.database.db, storage, incomingDir, now: later })).toBe(0);
    expect(await keys(storage)).toEqual([key]);
  });
});

describeDatabase("e-mails set aside and never handled", (target) => {
  it("are dismissed after 90 days, and their kept copies swept; newer ones stay on the list", async () => {
    const db = target.database.db;
    const storage = createFsStorage(path.join(scratch, "expired-uploads"));
    const [old, recent] = [await putFile(storage, "eml"), await putFile(storage, "eml")];
    await db.execute(
      sql`insert into held_mail (source_key, file_name, received_at, why, storage_key, updated_at) values
          ('file:old.eml:10:1', 'old.eml', now(), 'no request', ${old}, now() - interval '91 days'),
          ('file:new.eml:10:1', 'new.eml', now(), 'no request', ${recent}, now() - interval '89 days')`,
    );
    expect(await expireHeldMail(db, new Date())).toBe(1);
    expect((await listHeldMail(db)).map((row) => row.fileName)).toEqual(["new.eml"]);
    const [dismissed] = await db.select().from(heldMail).where(eq(heldMail.fileName, "old.eml"));
    expect(dismissed).toMatchObject({ state: "dismissed", handledByName: "the desk, after 90 days" });
    const later = new Date(Date.now() + 2 * hour);
    expect(await sweepOrphans({ db, storage, incomingDir: path.join(scratch, "expired-incoming"), now: later })).toBe(
      1,
    );
    expect(await keys(storage)).toEqual([recent]);
  });
});

describe("the orphan sweep without an incoming folder", () => {
  it("does nothing when there is nothing to sweep", async () => {
    const storage = createFsStorage(path.join(scratch, "none"));
    // No database query is needed when no file is stale.
    const db = {} as Parameters<typeof sweepOrphans>[0]["db"];
    expect(await sweepOrphans({ db, storage, incomingDir: path.join(scratch, "missing") })).toBe(0);
  });
});
