import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
// @ts-expect-error The local S3-compatible server ships no types.
import S3rver from "@20minutes/s3rver";
import { freePort } from "#test/node.ts";
import { type Credentials, sigV4Refusal } from "#test/sigv4.ts";

/**
 * In front of the store, what S3 itself does and the store does not (it serves a request without a signature):
 * a request without a valid AWS SigV4 signature by the test key gets 403 and never reaches the store.
 */
function startSigningGate(target: number, credentials: Credentials) {
  const refused: { method: string; target: string; why: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const signed = { method: request.method ?? "", target: request.url ?? "", headers: request.headers, body };
      const why = sigV4Refusal(signed, credentials);
      if (why) {
        refused.push({ method: signed.method, target: signed.target, why });
        response.writeHead(403, { "content-type": "application/xml" });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${why}</Message></Error>`,
        );
        return;
      }
      const forwarded = http.request(
        { host: "127.0.0.1", port: target, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on("error", () => response.destroy());
      forwarded.end(body);
    });
  });
  return new Promise<{ port: number; refused: typeof refused; close(): Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        refused,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/**
 * A local S3-compatible server with one bucket, in a temporary folder, reached through a gate that checks
 * every request's signature as S3 does; stop() removes it. `refused` lists what the gate turned away.
 */
export async function startS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "mro-s3-"));
  const port = await freePort();
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1", service: "s3" };
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "uploads" }],
  });
  await server.run();
  const gate = await startSigningGate(port, credentials);
  return {
    directory,
    refused: gate.refused,
    config: {
      url: `http://127.0.0.1:${gate.port}/uploads`,
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      region: credentials.region,
    },
    async stop() {
      await gate.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
