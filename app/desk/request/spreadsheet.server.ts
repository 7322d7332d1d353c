import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { and, asc, eq, inArray } from "drizzle-orm";
import { rowId } from "#app/lib/row-id.ts";
import { type Draft, emptyLine, maxLines } from "#app/quotation/draft.ts";
import { lineFromBuyer } from "#app/quotation/prefill.ts";
import type { FileStorage } from "#app/quote/file-storage.server.ts";
import { type PastedList, parsePastedList } from "#app/quote/paste.ts";
import { attachments } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** The spreadsheets whose parts list can fill a quotation's lines, by the type sniffed from their bytes. */
export const spreadsheetTypes = {
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/csv": "csv",
} as const;

export const isSpreadsheet = (contentType: string): contentType is keyof typeof spreadsheetTypes =>
  Object.hasOwn(spreadsheetTypes, contentType);

/** Why a spreadsheet gave no lines, in words for the rep. */
export class SpreadsheetError extends Error {
  override name = "SpreadsheetError";
}

// An .xlsx is a zip: a few kilobytes can unpack to gigabytes. It is read in a worker of its own, bounded in time
// and memory, so such a file ends the worker and not the server, and a slow one never holds up a page.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
try {
  require("node:os").setPriority(19);
} catch {}
const { readSheet } = require(workerData.reader);
readSheet(Buffer.from(workerData.bytes), 1)
  .then((rows) => parentPort.postMessage({ rows: rows.slice(0, workerData.maxRows).map((row) =>
    row.slice(0, workerData.maxColumns).map((cell) => (cell === null || cell === undefined ? "" : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell))),
  ) }))
  .catch(() => parentPort.postMessage({ error: true }));
`;

const reader = createRequire(import.meta.url).resolve("read-excel-file/node");
const unreadable = "It could not be read as a spreadsheet. Open it, save it as .xlsx or .csv, and attach that.";

/** Rows read of a sheet or a .csv: far more than a quotation's lines, far fewer than a hostile file holds. */
const defaultMaxRows = 1000;

/** The first sheet's cells as text, row by row; at most `maxRows` rows of `maxColumns` cells. */
function readFirstSheet(
  bytes: Uint8Array,
  { timeoutMs = 20_000, maxHeapMb = 192, maxRows = defaultMaxRows, maxColumns = 20 },
) {
  return new Promise<string[][]>((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { bytes, reader, maxRows, maxColumns },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    const timer = setTimeout(() => {
      reject(new SpreadsheetError(unreadable));
      void worker.terminate();
    }, timeoutMs);
    worker.once("message", (message: { rows?: string[][] }) => {
      if (message.rows) resolve(message.rows);
      else reject(new SpreadsheetError(unreadable));
      void worker.terminate();
    });
    worker.once("error", () => reject(new SpreadsheetError(unreadable)));
    worker.once("exit", () => {
      clearTimeout(timer);
      reject(new SpreadsheetError(unreadable));
    });
  });
}

/**
 * The parts list in a spreadsheet the buyer sent: the first sheet of an .xlsx, or a .csv, read as the quote
 * form reads a pasted list (a header row skipped; part, quantity and brand columns recognised).
 */
export async function partsFromSpreadsheet(
  bytes: Uint8Array,
  contentType: keyof typeof spreadsheetTypes,
  room: number,
  limits: Parameters<typeof readFirstSheet>[1] = {},
): Promise<PastedList> {
  const text =
    spreadsheetTypes[contentType] === "csv"
      ? new TextDecoder("utf-8")
          .decode(bytes)
          .replace(/^\uFEFF/, "")
          .split(/\r\n|\r|\n/, limits.maxRows ?? defaultMaxRows)
          .join("\n")
      : (await readFirstSheet(bytes, limits))
          .map((cells) => cells.map((cell) => cell.replace(/[\t\r\n]+/g, " ").trim()).join("\t"))
          .join("\n");
  const list = parsePastedList(text, room);
  if (list.lines.length === 0 && list.dropped === 0) throw new SpreadsheetError("It has no parts list to read.");
  return list;
}

type StoredFile = { fileName: string; contentType: string; storageKey: string };

/** The lines a request's spreadsheet adds to a draft: after the lines that hold something, as many as fit. */
export async function linesFromFile(
  file: StoredFile | undefined,
  storage: Pick<FileStorage, "get">,
  draft: Draft,
): Promise<{ ok: true; draft: Draft; message: string } | { ok: false; message: string }> {
  if (!file || !isSpreadsheet(file.contentType))
    return { ok: false, message: "That file is not a spreadsheet sent with this request." };
  const stream = await storage.get(file.storageKey);
  if (!stream) return { ok: false, message: `${file.fileName} is no longer stored.` };
  const kept = draft.lines.filter((line) => line.part.trim() || line.description.trim() || line.unitPrice.trim());
  try {
    const bytes = new Uint8Array(Buffer.concat(await stream.toArray()));
    const { lines, dropped } = await partsFromSpreadsheet(bytes, file.contentType, maxLines - kept.length);
    const added = lines.map((line) => emptyLine(lineFromBuyer(line)));
    const count = added.length === 1 ? "1 line" : `${added.length} lines`;
    const left = dropped ? ` ${dropped} more did not fit: a quotation has at most ${maxLines} lines.` : "";
    return {
      ok: true,
      draft: { ...draft, lines: [...kept, ...added] },
      message: `${count} added from ${file.fileName}: check them before you price them.${left}`,
    };
  } catch (error) {
    if (error instanceof SpreadsheetError) return { ok: false, message: `${file.fileName}: ${error.message}` };
    throw error;
  }
}

/** The request's spreadsheets (sent with the form or by e-mail), for the editor's "Add the lines from" buttons. */
export function requestSpreadsheets(db: Db, quoteId: number) {
  return db
    .select({ id: attachments.id, fileName: attachments.fileName })
    .from(attachments)
    .where(and(eq(attachments.quoteId, quoteId), inArray(attachments.contentType, Object.keys(spreadsheetTypes))))
    .orderBy(asc(attachments.id));
}

/** The spreadsheet named by a "fill:<id>" button, if it is one of this request's files. */
export async function requestSpreadsheet(db: Db, quoteId: number, intent: string) {
  const id = rowId(intent.slice("fill:".length));
  if (id === undefined) return undefined;
  const [file] = await db
    .select({
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(and(eq(attachments.id, id), eq(attachments.quoteId, quoteId)));
  return file;
}
