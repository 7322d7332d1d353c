import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, it, onTestFinished } from "vitest";
import { createFsStorage } from "#app/quote/file-storage.server.ts";
import { sweepOrphans } from "#app/quote/sweep.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { attachments, quotes } from "#db/schema.ts";
import { crash, crashRecoveries } from "#test/crash.ts";
import { type RunningServer, startServer, validQuote } from "#test/server.ts";
import { phonePhoto, samplePdf, uploadForm } from "#test/uploads.ts";

const KILLS = 4;
const CONCURRENCY = 3;
const PER_LIFE = 2;
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

it(`leaves no half-stored request and no orphan file across ${KILLS} SIGKILLs during uploads, half of them of the database too`, async () => {
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
  // A run that fails or times out leaves no server (and no database) behind.
  onTestFinished(() => server.stop("SIGKILL").then(() => {}));
  let running = true;
  /** How many PostgreSQL processes (postmaster, backends, writers) each crash killed. */
  const databaseKilled: number[] = [];

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
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  const clients = Array.from({ length: CONCURRENCY }, (_, id) => client(id));

  /** Each server life acknowledges uploads before it dies, however slow the machine: the test is as strict. */
  const acknowledgedSoon = async (count: number) => {
    const deadline = Date.now() + 60_000;
    while (acknowledged.size < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  for (let kill = 0; kill < KILLS; kill++) {
    await acknowledgedSoon(acknowledged.size + PER_LIFE);
    // Killed while uploads are in flight, at a point the test does not choose.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 500));
    // One upload is certainly under way when the server dies: its first bytes are on disk.
    const slow = startSlowUpload(server.url, bytes);
    await expect
      .poll(() => listFiles(incomingDir).some((name) => name.endsWith(".part")), { timeout: 15_000 })
      .toBe(true);
    // Every other kill is the machine crashing: PostgreSQL dies with the server, without a clean shutdown.
    if (kill % 2 === 0) databaseKilled.push((await crash(server)).filter((c) => c.startsWith("postgres")).length);
    else await server.stop("SIGKILL");
    killedMidUpload++;
    slow.destroy();
    server = await startServer(env, dataDir);
  }
  await acknowledgedSoon(acknowledged.size + PER_LIFE);
  running = false;
  await Promise.all(clients);
  expect(await server.stop()).toBe(0);

  const database = await openDatabase({ dataDir });
  try {
    const stored = await database.db.select({ id: quotes.id, reference: quotes.reference }).from(quotes);
    const files = await database.db
      .select({ quoteId: attachments.quoteId, key: attachments.storageKey, size: attachments.size })
      .from(attachments);
    const references = new Set(stored.map((row) => row.reference));
    expect([...acknowledged].filter((reference) => !references.has(reference))).toEqual([]);
    // Every stored request is whole: three files each, all of them present in storage.
    for (const row of stored) expect(files.filter((file) => file.quoteId === row.id)).toHaveLength(3);
    for (const file of files) expect(fs.readFileSync(path.join(uploadsDir, file.key)).length, file.key).toBe(file.size);

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
    expect(acknowledged.size).toBeGreaterThanOrEqual((KILLS + 1) * PER_LIFE);
    expect(removed).toBeGreaterThanOrEqual(killedMidUpload);
    // The crashes took the whole database down, and it recovered from its log after each.
    expect(databaseKilled).toHaveLength(KILLS / 2);
    for (const killed of databaseKilled) expect(killed).toBeGreaterThanOrEqual(4);
    expect(crashRecoveries(dataDir)).toBe(KILLS / 2);
  } finally {
    await database.close();
  }
}, 240_000);
