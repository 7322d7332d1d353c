import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { createFsStorage } from "#app/quote/file-storage.server.ts";
import { sweepOrphans } from "#app/quote/sweep.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { attachments, quotes } from "#db/schema.ts";
import { type RunningServer, startServer, validQuote } from "#test/server.ts";
import { phonePhoto, samplePdf, uploadForm } from "#test/uploads.ts";

const KILLS = 4;
const CONCURRENCY = 3;
const hour = 60 * 60 * 1000;

/** Sends the fields and the first half of a photo, then holds the connection open: an upload on its way. */
function startSlowUpload(url: string, bytes: Buffer) {
  const boundary = "----slowupload";
  const head = Buffer.from(
    [
      ...Object.entries({ ...validQuote, formToken: "tslowupload1" }).map(
        ([field, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="slow.jpg"\r\n`,
      "Content-Type: image/jpeg\r\n\r\n",
    ].join(""),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => {});
  socket.write(
    `POST /quote/send HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${head.length + bytes.length + tail.length}\r\n\r\n`,
  );
  socket.write(Buffer.concat([head, bytes.subarray(0, bytes.length / 2)]));
  return socket;
}

const listFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

it(`leaves no half-stored request and no orphan file across ${KILLS} SIGKILLs during uploads`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-upload-durability-"));
  const uploadsDir = path.join(dataDir, "uploads");
  const incomingDir = path.join(uploadsDir, ".incoming");
  const env = { QUOTE_RATE_LIMIT: "10000" };
  const bytes = await phonePhoto(1200, 900, { noise: true });
  const acknowledged = new Set<string>();
  let attempted = 0;
  let answered = 0;
  let killedMidUpload = 0;
  let server: RunningServer = await startServer(env, dataDir);
  let running = true;

  const client = async (id: number) => {
    while (running) {
      const name = `Buyer ${id}-${++attempted}`;
      try {
        const response = await fetch(`${server.url}/quote/send`, {
          method: "POST",
          body: uploadForm(
            [
              { name: "plate.jpg", bytes },
              { name: "worn.jpg", bytes },
              { name: "drawing.pdf", bytes: samplePdf },
            ],
            { customerName: name, "lines[0].part": "6205-2RS" },
          ),
          headers: { origin: server.url, "x-forwarded-for": `10.2.${id}.${attempted % 250}` },
        });
        const reply = (await response.json()) as { reference?: string };
        answered++;
        if (response.status === 200 && reply.reference) acknowledged.add(reply.reference);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const clients = Array.from({ length: CONCURRENCY }, (_, id) => client(id));

  for (let kill = 0; kill < KILLS; kill++) {
    await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 1500));
    // One upload is certainly under way when the server dies: its first bytes are on disk.
    const slow = startSlowUpload(server.url, bytes);
    await expect
      .poll(() => listFiles(incomingDir).some((name) => name.endsWith(".part")), { timeout: 15_000 })
      .toBe(true);
    await server.stop("SIGKILL");
    killedMidUpload++;
    slow.destroy();
    server = await startServer(env, dataDir);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  running = false;
  await Promise.all(clients);
  expect(await server.stop()).toBe(0);

  const database = await openDatabase({ dataDir });
  try {
    const stored = await database.db.select({ id: quotes.id, reference: quotes.reference }).from(quotes);
    const files = await database.db
      .select({ quoteId: attachments.quoteId, key: attachments.storageKey })
      .from(attachments);
    const references = new Set(stored.map((row) => row.reference));
    expect([...acknowledged].filter((reference) => !references.has(reference))).toEqual([]);
    // Every stored request is whole: three files each, all of them present in storage.
    for (const row of stored) expect(files.filter((file) => file.quoteId === row.id)).toHaveLength(3);
    for (const file of files) expect(fs.existsSync(path.join(uploadsDir, file.key)), file.key).toBe(true);

    const left = listFiles(incomingDir).length;
    const removed = await sweepOrphans({
      db: database.db,
      storage: createFsStorage(uploadsDir),
      incomingDir,
      now: new Date(Date.now() + 2 * hour),
    });
    expect(listFiles(incomingDir)).toEqual([]);
    const kept = listFiles(uploadsDir).filter((name) => name !== ".incoming");
    expect(kept.sort()).toEqual(files.map((file) => file.key).sort());
    console.log(
      `upload durability: ${attempted} sent (${answered} answered, the rest cut off or sent while the server was down), ${acknowledged.size} acknowledged, ${stored.length} stored whole, ` +
        `${killedMidUpload} kills mid-upload, ${left} incoming and ${removed} orphan files swept`,
    );
    expect(acknowledged.size).toBeGreaterThan(5);
    expect(removed).toBeGreaterThanOrEqual(killedMidUpload);
  } finally {
    await database.close();
  }
}, 240_000);
