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

const heicDecoder = createRequire(import.meta.url).resolve("heic-decode");

/** A phone's largest photo decodes in a few seconds; a decode still running after this is stuck. */
export const heicDecodeTimeoutMs = 30_000;

/**
 * The primary image of a HEIC/HEIF file as RGBA pixels, refused before decoding when it has too many.
 * A decode that outlives the timeout is ended with its worker, so it cannot hold a decoding slot.
 */
export function decodeHeic(
  path: string,
  maxPixels: number,
  options: { timeoutMs?: number; decoder?: string } = {},
): Promise<DecodedHeic> {
  const { timeoutMs = heicDecodeTimeoutMs, decoder = heicDecoder } = options;
  return new Promise<DecodedHeic>((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { path, maxPixels, decoder } });
    const timer = setTimeout(() => {
      reject(new Error(`HEIC decode took longer than ${timeoutMs} ms`));
      void worker.terminate();
    }, timeoutMs);
    worker.once("message", (message: Partial<DecodedHeic> & { tooLarge?: boolean; error?: string }) => {
      if (message.tooLarge) reject(new HeicTooLargeError("pixel limit exceeded"));
      else if (message.data && message.width && message.height) resolve(message as DecodedHeic);
      else reject(new Error(message.error ?? "HEIC decode failed"));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`HEIC decoder stopped (${code})`));
    });
  });
}
