import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type FileUpload,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { attachmentField, attachmentRules, cleanFileName } from "#app/quote/attachments.ts";

/** Decoded size a photo may have: a 48-megapixel phone photo fits, a decompression bomb does not. */
export const maxInputPixels = 50_000_000;
/** Photos are stored at most this many pixels on the long edge: nameplates stay legible. */
const maxStoredEdge = 4096;
/** Room for the text fields of the form on top of the files. */
export const formOverheadBytes = 256 * 1024;

export class UploadError extends Error {
  override name = "UploadError";
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

const images: Record<string, { extension: string; format: "jpeg" | "png" | "webp" }> = {
  "image/jpeg": { extension: "jpg", format: "jpeg" },
  "image/png": { extension: "png", format: "png" },
  "image/webp": { extension: "webp", format: "webp" },
  // Stored as JPEG: staff and mail clients can open it, and it is re-encoded like any photo.
  "image/heic": { extension: "jpg", format: "jpeg" },
  "image/heif": { extension: "jpg", format: "jpeg" },
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
export const limitMessages = {
  files: `Attach up to ${attachmentRules.maxFiles} files.`,
  fileSize: `Each file can be up to ${megabytes(attachmentRules.maxFileBytes)}.`,
  totalSize: `Attached files can be up to ${megabytes(attachmentRules.maxTotalBytes)} in all.`,
};

async function writeIncoming(file: FileUpload, dir: string) {
  const localPath = path.join(dir, `${crypto.randomBytes(16).toString("hex")}.part`);
  const hash = crypto.createHash("sha256");
  let size = 0;
  const source = Readable.fromWeb(file.stream() as import("node:stream/web").ReadableStream<Uint8Array>);
  source.on("data", (chunk: Buffer) => {
    size += chunk.length;
    hash.update(chunk);
  });
  await pipeline(source, createWriteStream(localPath, { mode: 0o600 }));
  return { localPath, size, sha256: hash.digest("hex") };
}

/**
 * Re-encodes a photo so that no metadata survives (EXIF with the GPS position of the buyer's site,
 * XMP, IPTC, comments; colour is converted to sRGB), after turning it upright as the camera meant.
 */
async function reencode(inputPath: string, outputPath: string, format: "jpeg" | "png" | "webp", name: string) {
  try {
    const image = sharp(inputPath, { limitInputPixels: maxInputPixels, failOn: "error", sequentialRead: true });
    const info = await image
      .rotate()
      .resize({ width: maxStoredEdge, height: maxStoredEdge, fit: "inside", withoutEnlargement: true })
      .toFormat(format, format === "jpeg" ? { quality: 85, mozjpeg: true } : {})
      .toFile(outputPath);
    return { width: info.width, height: info.height, size: info.size };
  } catch (error) {
    await fs.rm(outputPath, { force: true });
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) {
      throw new UploadError(413, `“${name}” has too many pixels to open. Please send a smaller photo.`);
    }
    throw new UploadError(
      422,
      `“${name}” could not be opened as a photo. Please send it as JPEG, PNG or WebP, or as a PDF.`,
    );
  }
}

async function receive(file: FileUpload, dir: string): Promise<ReceivedFile | undefined> {
  const fileName = cleanFileName(file.name);
  const written = await writeIncoming(file, dir);
  try {
    if (written.size === 0) {
      // A file input left empty still sends a nameless empty part: that is no attachment at all.
      if (!file.name) return undefined;
      throw new UploadError(422, `“${fileName}” is empty. Please choose the file again.`);
    }
    // The bytes decide, never the name or the declared type.
    const sniffed = await fileTypeFromFile(written.localPath);
    const image = sniffed && images[sniffed.mime];
    if (image) {
      const outputPath = `${written.localPath}.${image.extension}`;
      const encoded = await reencode(written.localPath, outputPath, image.format, fileName);
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
    if (sniffed?.mime === "application/pdf") {
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
    throw new UploadError(
      415,
      `“${fileName}” is not a photo or a PDF. Attach JPEG, PNG, WebP or HEIC photos, or PDF drawings.`,
    );
  } finally {
    await fs.rm(written.localPath, { force: true });
  }
}

/** Reads what is left of a refused body, within the body limit, so the browser sees our answer. */
async function drain(request: Request) {
  try {
    if (!request.body || request.bodyUsed) return;
    const reader = request.body.getReader();
    for (;;) if ((await reader.read()).done) break;
  } catch {}
}

export type QuoteForm = { formData: FormData; files: ReceivedFile[]; discard(): Promise<void> };

/**
 * Parses the quote form as a stream. Each file goes to the incoming folder as it arrives and is checked
 * and re-encoded there; only its description is kept. Any refusal removes every file already received.
 */
export async function readQuoteForm(request: Request, incomingDir: string): Promise<QuoteForm> {
  await fs.mkdir(incomingDir, { recursive: true, mode: 0o700 });
  const files: ReceivedFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((file) => fs.rm(file.localPath, { force: true })));
  };
  let total = 0;
  try {
    const formData = await parseFormData(
      request,
      {
        maxFiles: attachmentRules.maxFiles,
        maxFileSize: attachmentRules.maxFileBytes,
        maxTotalSize: attachmentRules.maxTotalBytes + formOverheadBytes,
        maxParts: 400,
      },
      async (file) => {
        if (file.fieldName !== attachmentField) return undefined;
        const received = await receive(file, incomingDir);
        if (!received) return undefined;
        files.push(received);
        total += file.size;
        if (total > attachmentRules.maxTotalBytes) throw new UploadError(413, limitMessages.totalSize);
        return undefined;
      },
    );
    return { formData, files, discard };
  } catch (error) {
    await discard();
    await drain(request);
    if (error instanceof UploadError) throw error;
    if (error instanceof MaxFilesExceededError) throw new UploadError(413, limitMessages.files);
    if (error instanceof MaxFileSizeExceededError) throw new UploadError(413, limitMessages.fileSize);
    if (error instanceof MaxTotalSizeExceededError) throw new UploadError(413, limitMessages.totalSize);
    throw new UploadError(400, "We could not read that form. Please reload the page and try again.");
  }
}
