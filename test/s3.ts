import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error The local S3-compatible server ships no types.
import S3rver from "@20minutes/s3rver";
import { freePort } from "#test/node.ts";

/** A local S3-compatible server with one bucket, in a temporary folder; stop() removes it. */
export async function startS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "mro-s3-"));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "uploads" }],
  });
  await server.run();
  return {
    directory,
    config: {
      url: `http://127.0.0.1:${port}/uploads`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      region: "us-east-1",
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
