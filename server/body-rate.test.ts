import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "#test/pg.ts";
import { type RunningServer, startServer } from "#test/server.ts";
import { phonePhoto, uploadForm } from "#test/uploads.ts";

// The minimum body data rate, over raw sockets: a trickle is cut off, a slow but real upload is not.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    DATABASE_URL: await freshDatabaseUrl(),
    REQUEST_TIMEOUT_MS: "60000",
    MIN_REQUEST_BODY_RATE_GRACE_MS: "1000",
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

/** Sends the head, then the body in `chunkBytes` pieces every `everyMs`; resolves with the answer. */
function paced(head: string, body: Buffer, chunkBytes: number, everyMs: number) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; text: string; ms: number }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname);
    const received: Buffer[] = [];
    let offset = 0;
    const timer = setInterval(() => {
      if (offset >= body.length || socket.destroyed) return clearInterval(timer);
      socket.write(body.subarray(offset, offset + chunkBytes));
      offset += chunkBytes;
    }, everyMs);
    socket.on("error", () => {});
    socket.on("data", (chunk) => received.push(chunk));
    socket.on("close", () => {
      clearInterval(timer);
      const text = Buffer.concat(received).toString("latin1");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, ms: Date.now() - started });
    });
    socket.write(head);
  });
}

async function uploadRequest(photo: Buffer) {
  const form = new Response(uploadForm([{ name: "pump.jpg", bytes: photo, type: "image/jpeg" }]));
  const body = Buffer.from(await form.arrayBuffer());
  const { host } = new URL(server.url);
  const head =
    `POST /quote/send HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.url}\r\nConnection: close\r\n` +
    `Content-Type: ${form.headers.get("content-type")}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return { head, body };
}

describe("minimum body data rate", () => {
  it("answers 408 and closes a body trickled a byte at a time, after the grace period", async () => {
    const { head, body } = await uploadRequest(await phonePhoto(64, 64));
    const answer = await paced(head, body, 1, 250);
    expect(answer.status).toBe(408);
    expect(answer.text).toContain("arrived too slowly");
    expect(answer.ms).toBeLessThan(5000);
  });

  it("takes a photo uploaded over a 2 Mbit/s phone uplink", { timeout: 60_000 }, async () => {
    const photo = await phonePhoto(1400, 1000, { noise: true });
    expect(photo.length).toBeGreaterThan(500_000);
    const { head, body } = await uploadRequest(photo);
    // 32 KB every 125 ms: 256 KB/s, what a 2 Mbit/s uplink carries.
    const answer = await paced(head, body, 32 * 1024, 125);
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/Q-\d{6}-[0-9A-Z]{5}/);
  });
});
