import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "#db/client.server.ts";
import { quotes } from "#db/schema.ts";
import { quoteForm, type RunningServer, startServer, validQuote } from "#test/server.ts";

const CYCLES = Number(process.env.CYCLES ?? 5);
const CLIENTS = 8;
const UPLOADS = 3;

type Outcome =
  | { kind: "answered"; status: number; reference?: string }
  /** Refused, or reset before the server read a byte: nothing was taken, nothing is owed. */
  | { kind: "not-taken" }
  /** The connection broke after the server had started answering or reading the body. */
  | { kind: "cut-off"; code: string; id: string; at: number; afterSignalMs?: number };

/**
 * One POST on its own connection. With `pause`, a slow upload: it asks `Expect: 100-continue`, so
 * `reading` resolves once the server has read its headers, sends half the body, and holds the rest
 * back until `pause` resolves.
 */
function postQuote(server: RunningServer, id: string, pause?: Promise<unknown>, reading?: () => void) {
  const body = quoteForm({ ...validQuote, customerName: `Buyer ${id}` }).toString();
  const { port } = new URL(server.url);
  return new Promise<Outcome>((resolve) => {
    let halfSent = false;
    let answering = false;
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/?index",
        agent: false,
        headers: {
          origin: `http://127.0.0.1:${port}`,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          ...(pause ? { expect: "100-continue" } : {}),
        },
      },
      (response) => {
        answering = true;
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            kind: "answered",
            status: response.statusCode ?? 0,
            reference: text.match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0],
          }),
        );
        response.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ kind: "cut-off", code: error.code ?? "?", id, at: Date.now() }),
        );
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      const taken = answering || halfSent;
      resolve(
        taken ? { kind: "cut-off", code: error.code ?? error.message, id, at: Date.now() } : { kind: "not-taken" },
      );
    });
    if (!pause) {
      request.end(body);
      return;
    }
    const half = Math.floor(body.length / 2);
    request.flushHeaders();
    request.on("continue", () => {
      halfSent = true;
      request.write(body.slice(0, half), () => reading?.());
      pause.then(() => request.end(body.slice(half)));
    });
  });
}

it(`answers every request in flight across ${CYCLES} SIGTERMs under load: no 5xx, nothing cut off`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-shutdown-"));
  const outcomes: Outcome[] = [];
  const uploads: Outcome[] = [];
  const exitCodes: (number | null)[] = [];

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const server = await startServer({ QUOTE_RATE_LIMIT: "10000" }, dataDir);
    let refused = false;
    const client = async (id: number) => {
      for (let n = 0; !refused; n++) {
        const outcome = await postQuote(server, `${cycle}-${id}-${n}`);
        outcomes.push(outcome);
        if (outcome.kind === "not-taken") refused = true;
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, id) => client(id));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // Uploads half sent when the signal arrives, finished a second later.
    let signalled: () => void = () => {};
    const afterSignal = new Promise<void>((resolve) => {
      signalled = () => setTimeout(resolve, 1000);
    });
    const started: Promise<void>[] = [];
    const slow = Array.from({ length: UPLOADS }, (_, i) => {
      let reading: () => void = () => {};
      started.push(new Promise<void>((resolve) => (reading = resolve)));
      return postQuote(server, `${cycle}-upload-${i}`, afterSignal, () => reading());
    });
    await Promise.all(started);
    const signalledAt = Date.now();
    const exited = server.stop("SIGTERM");
    signalled();
    uploads.push(
      ...(await Promise.all(slow)).map((o) => (o.kind === "cut-off" ? { ...o, afterSignalMs: o.at - signalledAt } : o)),
    );
    await Promise.all(clients);
    exitCodes.push(await exited);
  }

  const answered = [...outcomes, ...uploads].filter((o) => o.kind === "answered");
  const acknowledged = answered.flatMap((o) => (o.status === 200 && o.reference ? [o.reference] : []));
  const serverErrors = answered.filter((o) => o.status >= 500);
  const cutOff = [...outcomes, ...uploads].filter((o) => o.kind === "cut-off");
  const database = await openDatabase({ dataDir });
  const stored = new Set(
    (await database.db.select({ reference: quotes.reference }).from(quotes)).map((r) => r.reference),
  );
  await database.close();
  const lost = acknowledged.filter((reference) => !stored.has(reference));
  console.log(
    `shutdown: ${CYCLES} SIGTERMs, ${outcomes.length + uploads.length} requests, ${acknowledged.length} acknowledged, ` +
      `${serverErrors.length} 5xx, ${cutOff.length} cut off, ${lost.length} lost, ` +
      `${uploads.filter((o) => o.kind === "answered" && o.status === 200).length}/${uploads.length} half-sent uploads answered 200`,
  );
  expect(exitCodes).toEqual(Array(CYCLES).fill(0));
  expect(serverErrors).toEqual([]);
  expect(cutOff).toEqual([]);
  expect(uploads.map((o) => (o.kind === "answered" ? o.status : o.kind))).toEqual(Array(CYCLES * UPLOADS).fill(200));
  expect(lost).toEqual([]);
  expect(acknowledged.length).toBeGreaterThan(CYCLES * UPLOADS);
}, 300_000);
