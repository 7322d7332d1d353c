import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { cleanFileName } from "#app/quote/attachments.ts";
import type { ReceivedFile } from "#app/quote/uploads.server.ts";

/**
 * The documents buyers attach to an e-mail besides photos and drawings: a parts list as a spreadsheet, a
 * specification as a Word file. Kept for download only (the desk never shows one inline); the public form
 * still takes photos and PDFs alone.
 */
export const documentTypes = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  csv: "text/csv",
} as const;
type DocumentExtension = keyof typeof documentTypes;

const utf16 = (name: string) => Buffer.from(`${name}\0`, "utf16le");
const workbookNames = [utf16("Workbook"), utf16("Book")];

/**
 * An Excel 97–2003 workbook is a compound file (as Word's and Outlook's are) holding a stream called
 * "Workbook" (or "Book" before Excel 97): its directory entries sit on 128-byte boundaries after the
 * 512-byte header, each starting with its name in UTF-16.
 */
function holdsWorkbook(bytes: Buffer) {
  for (let at = 512; at + 128 <= bytes.length; at += 128) {
    if (workbookNames.some((name) => bytes.subarray(at, at + name.length).equals(name))) return true;
  }
  return false;
}

/** Text a spreadsheet program wrote: valid UTF-8 (ASCII included), no NUL, as a CSV has no first bytes to check. */
function isText(bytes: Buffer) {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** What the bytes are, among the documents kept: the name counts only for a CSV, which has no magic. */
export async function documentType(bytes: Buffer, sentName: string): Promise<DocumentExtension | undefined> {
  if (bytes.length === 0) return undefined;
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed?.mime === documentTypes.xlsx) return "xlsx";
  if (sniffed?.mime === documentTypes.docx) return "docx";
  if (sniffed?.mime === "application/x-cfb") return holdsWorkbook(bytes) ? "xls" : undefined;
  if (!sniffed && /\.csv$/i.test(sentName.trim()) && isText(bytes)) return "csv";
  return undefined;
}

/**
 * Keeps an e-mail's attachment that is one of the documents, as sent, in the incoming folder; undefined
 * for anything else (photos and PDFs go through the form's checks).
 */
export async function receiveDocument(bytes: Uint8Array, sentName: string, dir: string) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const extension = await documentType(buffer, sentName);
  if (!extension) return undefined;
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const localPath = path.join(dir, `${crypto.randomBytes(16).toString("hex")}.${extension}`);
  await fs.writeFile(localPath, buffer, { mode: 0o600 });
  return {
    localPath,
    fileName: cleanFileName(sentName),
    contentType: documentTypes[extension],
    extension,
    size: buffer.length,
    width: null,
    height: null,
    sha256: crypto.createHash("sha256").update(buffer).digest("hex"),
  } satisfies ReceivedFile;
}
