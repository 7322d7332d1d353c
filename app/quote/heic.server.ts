import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export type DecodedHeic = { data: Uint8Array; width: number; height: number };

export class HeicTooLargeError extends Error {
  override name = "HeicTooLargeError";
}

// sharp's prebuilt libvips cannot decode HEVC, so iPhone photos are decoded by libheif compiled to
// WebAssembly. It runs in a worker of its own: decoding would block the event loop for a second or more,
// and a WebAssembly memory never shrinks, so the worker is ended with each photo and its memory with it.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const decode = require(workerData.decoder);
(async () => {
  const images = await decode.all({ buffer: fs.readFileSync(workerData.path) });
  try {
    const image = images[0];
    if (image.width * image.height > workerData.maxPixels) return parentPort.postMessage({ tooLarge: true });
    const { width, height, data } = await image.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((error) => parentPort.postMessage({ error: String(error?.message ?? error) }));
`;

const decoder = createRequire(import.meta.url).resolve("heic-decode");

/** The primary image of a HEIC/HEIF file as RGBA pixels, refused before decoding when it has too many. */
export function decodeHeic(path: string, maxPixels: number): Promise<DecodedHeic> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { path, maxPixels, decoder } });
    worker.once("message", (message: Partial<DecodedHeic> & { tooLarge?: boolean; error?: string }) => {
      if (message.tooLarge) reject(new HeicTooLargeError("pixel limit exceeded"));
      else if (message.data && message.width && message.height) resolve(message as DecodedHeic);
      else reject(new Error(message.error ?? "HEIC decode failed"));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`HEIC decoder stopped (${code})`)));
  });
}
