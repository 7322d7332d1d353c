import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { linesFromFile, partsFromSpreadsheet } from "#app/desk/request/spreadsheet.server.ts";
import { type Draft, emptyLine, maxLines } from "#app/quotation/draft.ts";
import { xlsx } from "#test/office-files.ts";

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Storage holding one file's bytes under the key "parts". */
const storageOf = (bytes: Buffer) => ({
  get: async (key: string) => (key === "parts" ? Readable.from([bytes]) : undefined),
});

const draftWith = (lines: Draft["lines"]) => ({ lines }) as Draft;

describe("a buyer's spreadsheet of parts", () => {
  it("fills lines from the first sheet of an .xlsx, header row skipped, part, quantity and brand recognised", async () => {
    const bytes = xlsx([
      ["Part no", "Qty", "Brand"],
      ["6205-2RS", 4, "SKF"],
      ["UCP206 pillow block", 2],
      ["Nitrile gloves size 9 x 20 boxes"],
    ]);
    const typed = emptyLine({ part: "SPA1250", quantity: "1", unitPrice: "11.20" });
    const answer = await linesFromFile(
      { fileName: "parts.xlsx", contentType: xlsxType, storageKey: "parts" },
      storageOf(bytes),
      draftWith([typed, emptyLine()]),
    );
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.message).toBe("3 lines added from parts.xlsx: check them before you price them.");
    // The rep's own line stays first; the blank one goes; the buyer's follow.
    expect(
      answer.draft.lines.map(({ part, brand, description, quantity }) => [part, brand, description, quantity]),
    ).toEqual([
      ["SPA1250", "", "", "1"],
      ["6205-2RS", "SKF", "", "4"],
      ["UCP206", "", "pillow block", "2"],
      ["", "", "Nitrile gloves size 9 (boxes)", "20"],
    ]);
    expect(answer.draft.lines[0]?.unitPrice).toBe("11.20");
  });

  it("reads a .csv as a spreadsheet saves it, byte-order mark and quoted cells included", async () => {
    const csv = Buffer.from('\uFEFFPart,Quantity\r\n"45x62x8 oil seal, nitrile",6\r\nM10x30,100\r\n');
    const list = await partsFromSpreadsheet(new Uint8Array(csv), "text/csv", maxLines);
    expect(list.lines).toEqual([
      { part: "45x62x8 oil seal, nitrile", quantity: 6 },
      { part: "M10x30", quantity: 100 },
    ]);
  });

  it("reads no more than the first 1,000 rows of a .csv, however long it is", async () => {
    const csv = Buffer.from(Array.from({ length: 50_000 }, (_, i) => `PART-${i},1`).join("\n"));
    const list = await partsFromSpreadsheet(new Uint8Array(csv), "text/csv", maxLines);
    expect(list.lines).toHaveLength(maxLines);
    expect(list.dropped).toBe(1000 - maxLines);
  });

  it("adds only as many lines as the quotation has room for, and says how many did not fit", async () => {
    const bytes = xlsx([
      ["6205", 1],
      ["6206", 1],
      ["6207", 1],
    ]);
    const full = Array.from({ length: maxLines - 1 }, (_, i) => emptyLine({ part: `P${i}`, quantity: "1" }));
    const answer = await linesFromFile(
      { fileName: "parts.xlsx", contentType: xlsxType, storageKey: "parts" },
      storageOf(bytes),
      draftWith(full),
    );
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.draft.lines).toHaveLength(maxLines);
    expect(answer.message).toBe(
      `1 line added from parts.xlsx: check them before you price them. 2 more did not fit: a quotation has at most ${maxLines} lines.`,
    );
  });

  it("refuses, in words for the rep, what is not a readable spreadsheet of this request", async () => {
    const file = { fileName: "parts.xlsx", contentType: xlsxType, storageKey: "parts" };
    const garbled = await linesFromFile(file, storageOf(Buffer.from("PK\u0003\u0004 not really a zip")), draftWith([]));
    expect(garbled).toEqual({
      ok: false,
      message: "parts.xlsx: It could not be read as a spreadsheet. Open it, save it as .xlsx or .csv, and attach that.",
    });
    const empty = await linesFromFile(file, storageOf(xlsx([["Part", "Qty"]])), draftWith([]));
    expect(empty).toEqual({ ok: false, message: "parts.xlsx: It has no parts list to read." });
    const photo = await linesFromFile(
      { ...file, contentType: "image/jpeg" },
      storageOf(Buffer.alloc(0)),
      draftWith([]),
    );
    expect(photo).toEqual({ ok: false, message: "That file is not a spreadsheet sent with this request." });
    expect(await linesFromFile(undefined, storageOf(Buffer.alloc(0)), draftWith([]))).toMatchObject({ ok: false });
  });

  it("gives up on a workbook that takes too long or too much memory, without stopping the server", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`PART-${i}`, i + 1, "SKF"]);
    await expect(
      partsFromSpreadsheet(new Uint8Array(xlsx(rows)), xlsxType, maxLines, { timeoutMs: 5 }),
    ).rejects.toThrow("could not be read as a spreadsheet");
    const many = Array.from({ length: 150_000 }, (_, i) => [`PART-${i}`, i + 1, "SKF"]);
    await expect(
      partsFromSpreadsheet(new Uint8Array(xlsx(many)), xlsxType, maxLines, { maxHeapMb: 16, timeoutMs: 60_000 }),
    ).rejects.toThrow("could not be read as a spreadsheet");
  });
});
