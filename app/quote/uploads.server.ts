import crypto from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { Busboy } from "@fastify/busboy";
import pLimit from "p-limit";
import sharp from "sharp";
import { attachmentField, attachmentRules, cleanFileName, formatBytes } from "#app/quote/attachments.ts";
import { typeGate } from "#app/quote/file-type-gate.server.ts";
import { decodeHeic, HeicTooLargeError } from "#app/quote/heic.server.ts";

/** Decoded size a photo may have: a 48-megapixel phone photo fits, a decompression bomb does not. */
export const maxInputPixels = 50_000_000;
// Every photo is decoded once, so libvips' operation cache (up to 50 MB) would only hold memory; one
// thread per photo keeps each decode's buffers to one set while other requests use the other cores.
sharp.cache(false);
sharp.concurrency(1);
/** Photos decoded at once across all requests: one per core, so memory stays flat however many upload. */
const decoding = pLimit(Math.max(1, os.availableParallelism()));

/** Photos are stored at most this many pixels on the long edge: nameplates stay legible. */
const maxStoredEdge = 4096;
/** Room for the text fields of the form on top of the files. */
export const formOverheadBytes = 256 * 1024;

export class UploadError extends Error {
  override name = "UploadError";
  /** The form's fields read before the refusal (they come before its files), so the form can keep them. */
  fieldsSoFar?: FormData;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A file received, checked and re-encoded, waiting in the incoming folder to be stored. */
export type ReceivedFile = {
  localPath: string;
  fileName: string;
  contentType: string;
  extension: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Of the bytes as sent, so a resubmitted form is recognised as the same request. */
  sha256: string;
};

type StoredImage = { extension: string; format: "jpeg" | "png" | "webp"; heic?: true };
const images: Record<string, StoredImage> = {
  "image/jpeg": { extension: "jpg", format: "jpeg" },
  "image/png": { extension: "png", format: "png" },
  "image/webp": { extension: "webp", format: "webp" },
  // Stored as JPEG: staff and mail clients can open it, and it is re-encoded like any photo.
  "image/heic": { extension: "jpg", format: "jpeg", heic: true },
  "image/heif": { extension: "jpg", format: "jpeg", heic: true },
};

/** Every type the form accepts, as its first bytes show it: the name and the declared type never count. */
const acceptedTypes = new Set<string>(attachmentRules.types);

const notAccepted = (name: string) =>
  new UploadError(415, `“${name}” is not a photo or a PDF. Attach JPEG, PNG, WebP or HEIC photos, or PDF drawings.`);

export const limitMessages = {
  files: `Attach up to ${attachmentRules.maxFiles} files.`,
  fileSize: `Each file can be up to ${formatBytes(attachmentRules.maxFileBytes)}.`,
  totalSize: `Attached files can be up to ${formatBytes(attachmentRules.maxTotalBytes)} in all.`,
};

/**
 * Re-encodes a photo so that no metadata survives (EXIF with the GPS position of the buyer's site,
 * XMP, IPTC, comments; colour is converted to sRGB), after turning it upright as the camera meant.
 */
async function reencode(inputPath: string, outputPath: string, image: StoredImage, name: string) {
  try {
    const { format } = image;
    const source = image.heic
      ? await decodeHeic(inputPath, maxInputPixels).then(({ data, width, height }) =>
          sharp(data, { raw: { width, height, channels: 4 } }),
        )
      : sharp(inputPath, { limitInputPixels: maxInputPixels, failOn: "error", sequentialRead: true }).rotate();
    const info = await source
      .resize({ width: maxStoredEdge, height: maxStoredEdge, fit: "inside", withoutEnlargement: true })
      .toFormat(format, format === "jpeg" ? { quality: 85 } : {})
      .toFile(outputPath);
    return { width: info.width, height: info.height, size: info.size };
  } catch (error) {
    await fs.rm(outputPath, { force: true });
    const message = error instanceof Error ? error.message : "";
    if (error instanceof HeicTooLargeError || /pixel limit/i.test(message)) {
      throw new UploadError(413, `“${name}” has too many pixels to open. Please send a smaller photo.`);
    }
    throw new UploadError(
      422,
      `“${name}” could not be opened as a photo. Please send it as JPEG, PNG or WebP, or as a PDF.`,
    );
  }
}

/** A file as sent, in the incoming folder; `type` is what its first bytes show (none for an empty file). */
type Incoming = { localPath: string; size: number; sha256: string; sentName: string; type?: string };
/** A file as written, with its place among the files sent (they may finish writing in another order). */
type Received = Incoming & { sentAs: number };

/** Writes one file part to the incoming folder as it arrives; a part cut short or refused leaves no file. */
async function writeIncoming(stream: Readable, dir: string, sentName: string): Promise<Incoming> {
  const localPath = path.join(dir, `${crypto.randomBytes(16).toString("hex")}.part`);
  const hash = crypto.createHash("sha256");
  let size = 0;
  stream.on("data", (chunk: Buffer) => {
    size += chunk.length;
    hash.update(chunk);
  });
  const gate = typeGate(acceptedTypes, () => notAccepted(cleanFileName(sentName)));
  const out = createWriteStream(localPath, { mode: 0o600 });
  try {
    await pipeline(stream, gate, out);
  } catch (error) {
    if (!out.closed) await once(out, "close").catch(() => {});
    await fs.rm(localPath, { force: true });
    throw error;
  }
  return { localPath, size, sha256: hash.digest("hex"), sentName, type: gate.type };
}

/** Re-encodes a received photo or keeps a PDF as sent; the file as sent is removed either way. */
async function check(written: Incoming): Promise<ReceivedFile | undefined> {
  const fileName = cleanFileName(written.sentName);
  try {
    if (written.size === 0) {
      // A file input left empty still sends a nameless empty part: that is no attachment at all.
      if (!written.sentName) return undefined;
      throw new UploadError(422, `“${fileName}” is empty. Please choose the file again.`);
    }
    const image = images[written.type ?? ""];
    if (image) {
      const outputPath = `${written.localPath}.${image.extension}`;
      const encoded = await decoding(() => reencode(written.localPath, outputPath, image, fileName));
      return {
        localPath: outputPath,
        fileName,
        contentType: `image/${image.format}`,
        extension: image.extension,
        size: encoded.size,
        width: encoded.width,
        height: encoded.height,
        sha256: written.sha256,
      };
    }
    if (written.type === "application/pdf") {
      const outputPath = `${written.localPath}.pdf`;
      await fs.rename(written.localPath, outputPath);
      return {
        ...written,
        localPath: outputPath,
        fileName,
        contentType: "application/pdf",
        extension: "pdf",
        width: null,
        height: null,
      };
    }
    throw notAccepted(fileName);
  } finally {
    await fs.rm(written.localPath, { force: true });
  }
}

/** Checks a file that came some other way (an e-mail's attachment) exactly like an uploaded one. */
export async function receiveBytes(bytes: Uint8Array, sentName: string, dir: string) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  return check(await writeIncoming(Readable.from([bytes]), dir, sentName));
}

const unreadable = () => new UploadError(400, "We could not read that form. Please reload the page and try again.");

/**
 * Parses the form as it arrives. Each file streams to the incoming folder in small chunks (never whole in
 * memory) once its first bytes show an accepted type; only its description is kept. Settles only when every
 * file task has settled, so that a refusal can remove everything that was written.
 */
function parse(source: Readable, headers: Headers, dir: string, files: Received[]) {
  return new Promise<FormData>((resolve, reject) => {
    const formData = new FormData();
    const tasks: Promise<unknown>[] = [];
    const streams = new Set<Readable>();
    let failure: unknown;
    let fileCount = 0;
    let fileBytes = 0;
    let textBytes = 0;
    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      if (error instanceof UploadError) error.fieldsSoFar = formData;
      source.unpipe();
      // With an error: a part already read to its end but not yet consumed would otherwise never settle.
      for (const stream of streams) stream.destroy(new Error("upload refused"));
      void Promise.allSettled(tasks).then(() => reject(error));
    };

    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": headers.get("content-type") ?? "" },
        limits: {
          fileSize: attachmentRules.maxFileBytes,
          fieldSize: formOverheadBytes,
          parts: 400,
          headerPairs: 20,
        },
      });
    } catch {
      return reject(unreadable());
    }

    parser.on("field", (name, value, nameTruncated, valueTruncated) => {
      textBytes += name.length + value.length;
      if (nameTruncated || valueTruncated || textBytes > formOverheadBytes) return fail(unreadable());
      formData.append(name, value);
    });
    parser.on("file", (fieldName, stream, sentName) => {
      if (failure) return stream.resume();
      streams.add(stream);
      stream.on("error", () => {});
      let counted = false;
      stream.on("data", (chunk: Buffer) => {
        fileBytes += chunk.length;
        if (!counted && fieldName === attachmentField) {
          counted = true;
          if (++fileCount > attachmentRules.maxFiles) fail(new UploadError(413, limitMessages.files));
        }
        if (fileBytes > attachmentRules.maxTotalBytes) fail(new UploadError(413, limitMessages.totalSize));
      });
      stream.on("limit", () => fail(new UploadError(413, limitMessages.fileSize)));
      // Files under any other name are read past and forgotten.
      if (fieldName !== attachmentField) return stream.resume();
      const sentAs = tasks.length;
      const task = writeIncoming(stream, dir, sentName ?? "")
        .finally(() => streams.delete(stream))
        .then((incoming) => {
          files.push({ ...incoming, sentAs });
        })
        .catch(fail);
      tasks.push(task);
    });
    parser.on("partsLimit", () => fail(unreadable()));
    parser.on("error", () => fail(unreadable()));
    parser.on("finish", () => {
      void Promise.allSettled(tasks).then(() => {
        if (!failure) resolve(formData);
      });
    });
    source.on("error", () => fail(unreadable()));
    source.pipe(parser);
  });
}

export type QuoteForm = {
  formData: FormData;
  /**
   * Re-encodes the photos (one at a time) and keeps the PDFs: the expensive part, so only for a form already
   * known to be good. A photo that cannot be opened is refused with UploadError.
   */
  open(): Promise<ReceivedFile[]>;
  /** Removes whatever of the files was not moved into storage. */
  discard(): Promise<void>;
};

/**
 * Reads the quote form: its fields, and its files into the incoming folder, each refused at its first bytes
 * unless it is a photo or a PDF. Any refusal removes every file already received and reads out the body.
 */
export async function readQuoteForm(request: Request, incomingDir: string): Promise<QuoteForm> {
  await fs.mkdir(incomingDir, { recursive: true, mode: 0o700 });
  const incoming: Received[] = [];
  const opened: ReceivedFile[] = [];
  const discard = async () => {
    const paths = [...incoming.splice(0), ...opened].map((file) => file.localPath);
    await Promise.all(paths.map((file) => fs.rm(file, { force: true })));
  };
  const open = async () => {
    try {
      // In the order the buyer attached them. Taken off the list first: check() removes the file as sent
      // whatever happens.
      incoming.sort((a, b) => a.sentAs - b.sentAs);
      for (let file = incoming.shift(); file; file = incoming.shift()) {
        const received = await check(file);
        if (received) opened.push(received);
      }
      return opened;
    } catch (error) {
      await discard();
      throw error;
    }
  };
  const source = request.body
    ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>)
    : Readable.from([]);
  try {
    return { formData: await parse(source, request.headers, incomingDir, incoming), open, discard };
  } catch (error) {
    await discard();
    // Read what is left of a refused body, within the body limit, so that the browser sees our answer.
    source.resume();
    await finished(source).catch(() => {});
    throw error instanceof UploadError ? error : unreadable();
  }
}
