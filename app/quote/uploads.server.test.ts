import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readQuoteForm, UploadError } from "#app/quote/uploads.server.ts";
import { samplePdf as pdf, phonePhoto, type UploadPart, uploadForm } from "#test/uploads.ts";

const MB = 1024 * 1024;
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function request(files: UploadPart[], fields: Record<string, string> = {}) {
  const body = uploadForm(files, { customerName: "Sam", ...fields });
  return new Request("http://localhost/quote/send", { method: "POST", body });
}

async function read(files: UploadPart[], fields?: Record<string, string>) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-incoming-"));
  return readQuoteForm(request(files, fields), dir);
}

describe("readQuoteForm", () => {
  it("keeps the fields and receives each file into the incoming folder", async () => {
    const form = await read([{ name: "a.pdf", bytes: pdf }], { "lines[0].part": "6205" });
    expect(form.formData.get("customerName")).toBe("Sam");
    expect(form.formData.get("lines[0].part")).toBe("6205");
    const files = await form.open();
    expect(files.map((file) => [file.fileName, file.contentType, file.size])).toEqual([
      ["a.pdf", "application/pdf", pdf.length],
    ]);
    expect(fs.readdirSync(dir)).toEqual([path.basename(files[0]?.localPath ?? "")]);
    await form.discard();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("opens no photo while reading: one that cannot be opened is refused only when the files are opened", async () => {
    const broken = Buffer.concat([(await phonePhoto(64, 64)).subarray(0, 200), Buffer.alloc(5000, 7)]);
    const form = await read([{ name: "pump.jpg", bytes: broken }]);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    const error = await form.open().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 422, message: expect.stringMatching(/could not be opened as a photo/) });
    await form.discard();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it.each([
    ["six files", () => Array.from({ length: 6 }, (_, i) => ({ name: `d${i}.pdf`, bytes: pdf })), 413, /up to 5 files/],
    ["an 11 MB file", () => [{ name: "big.pdf", bytes: Buffer.concat([pdf, Buffer.alloc(11 * MB)]) }], 413, /10 MB/],
    [
      "26 MB in all",
      () => [9, 9, 8].map((size, i) => ({ name: `p${i}.pdf`, bytes: Buffer.concat([pdf, Buffer.alloc(size * MB)]) })),
      413,
      /25 MB in all/,
    ],
    ["a disguised file", () => [{ name: "x.jpg", bytes: Buffer.from("#!/bin/sh\n") }], 415, /not a photo or a PDF/],
  ])("refuses %s and leaves no file behind", async (_, files, status, message) => {
    const error = await read(files()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status, message: expect.stringMatching(message) });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
