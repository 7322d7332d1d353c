import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { copyDurably, renameDurably } from "#app/lib/durable-file.server.ts";

/** Where attachment bytes live: a folder under DATA_DIR, or an S3-compatible bucket. Keys are random. */
export type FileStorage = {
  kind: "fs" | "s3";
  /** Moves a finished local file into storage under `key` (the local file is gone afterwards). */
  put(key: string, localPath: string, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when there is no such key. */
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
  /** Every stored key with when it was written, for the orphan sweep. */
  list(): AsyncIterable<{ key: string; modified: Date }>;
};

export type S3Config = { url: string; accessKeyId: string; secretAccessKey: string; region: string };

/** 128 random bits and the file's extension; never anything the sender chose. */
export const newStorageKey = (extension: string) => `${crypto.randomBytes(16).toString("hex")}.${extension}`;
const keyPattern = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

function checkKey(key: string) {
  if (!keyPattern.test(key)) throw new Error("Not a storage key");
}

export function createFsStorage(dir: string): FileStorage {
  const pathOf = (key: string) => {
    checkKey(key);
    return path.join(dir, key);
  };
  return {
    kind: "fs",
    async put(key, localPath) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Flushed before the request that brought it is acknowledged (see durable-file.server.ts).
      await fs.chmod(localPath, 0o600);
      try {
        await renameDurably(localPath, pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await copyDurably(localPath, pathOf(key));
        await fs.rm(localPath, { force: true });
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        await fs.access(file);
      } catch {
        return undefined;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async *list() {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch {
        return;
      }
      for (const name of names) {
        if (!keyPattern.test(name)) continue;
        const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
        if (stat?.isFile()) yield { key: name, modified: stat.mtime };
      }
    },
  };
}

const xmlText = (value: string) =>
  value.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, e: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" })[e] ?? "",
  );

/** Path-style requests (`S3_URL` = endpoint and bucket), which every S3-compatible service accepts. */
export function createS3Storage(config: S3Config): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    // A streamed body cannot be sent twice; failures surface and the sweep tidies up.
    retries: 0,
  });
  const bucket = config.url.replace(/\/+$/, "");
  const urlOf = (key: string) => {
    checkKey(key);
    return `${bucket}/${key}`;
  };
  async function expectOk(response: Response, what: string) {
    if (response.ok) return;
    await response.body?.cancel();
    throw new Error(`Storage ${what} failed: HTTP ${response.status}`);
  }
  return {
    kind: "s3",
    async put(key, localPath, contentType) {
      const { size } = await fs.stat(localPath);
      const response = await client.fetch(urlOf(key), {
        method: "PUT",
        headers: { "content-type": contentType, "content-length": String(size) },
        body: Readable.toWeb(createReadStream(localPath)) as ReadableStream,
        // @ts-expect-error Node's fetch needs this for a streamed body.
        duplex: "half",
      });
      await expectOk(response, "upload");
      await fs.rm(localPath, { force: true });
    },
    async get(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      await expectOk(response, "download");
      return response.body ? Readable.fromWeb(response.body as import("node:stream/web").ReadableStream) : undefined;
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: "DELETE" });
      if (response.status !== 404) await expectOk(response, "delete");
      else await response.body?.cancel();
    },
    async *list() {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", "max-keys": "1000" });
        if (token) query.set("continuation-token", token);
        const response = await client.fetch(`${bucket}?${query}`);
        await expectOk(response, "listing");
        const xml = await response.text();
        for (const [, body = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = xmlText(/<Key>([\s\S]*?)<\/Key>/.exec(body)?.[1] ?? "");
          const modified = new Date(/<LastModified>([^<]*)<\/LastModified>/.exec(body)?.[1] ?? 0);
          if (keyPattern.test(key)) yield { key, modified };
        }
        const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
        token = truncated ? xmlText(/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? "") : undefined;
      } while (token);
    },
  };
}
