import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { servicesContext } from "#app/lib/context.ts";
import { documentType } from "#app/mail-in/documents.server.ts";
import { joinMail, type MailDesk } from "#app/mail-in/join.server.ts";
import { createFsStorage } from "#app/quote/file-storage.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { loader as attachmentLoader } from "#app/routes/desk/attachment.ts";
import { attachments, quoteMessages, quotes } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { compoundFile, docx, xlsx, zip } from "#test/office-files.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";
import { samplePdf } from "#test/uploads.ts";

const partsCsv = "Part number,Qty,Brand\r\n6205-2RS,4,SKF\r\nSPA1250,2,\r\n";
const partsXlsx = xlsx([
  ["Part number", "Qty", "Brand"],
  ["6205-2RS", 4, "SKF"],
]);

describe("which documents an e-mail's attachment is, from its bytes", () => {
  it("tells a workbook, a Word file, an Excel 97 workbook and a CSV apart, whatever they are called", async () => {
    expect(await documentType(partsXlsx, "parts.bin")).toBe("xlsx");
    expect(await documentType(docx("Specification"), "spec")).toBe("docx");
    expect(await documentType(compoundFile("Workbook"), "old.xls")).toBe("xls");
    expect(await documentType(Buffer.from(partsCsv), "parts.CSV")).toBe("csv");
  });

  it("knows a disguised or foreign file for what it is", async () => {
    // A Word 97 file or an Outlook message is a compound file too, but holds no workbook.
    expect(await documentType(compoundFile("WordDocument"), "parts.xls")).toBeUndefined();
    expect(await documentType(zip({ "setup.exe": "MZ" }), "parts.xlsx")).toBeUndefined();
    expect(await documentType(Buffer.from("Part,Qty\n\0\0binary"), "parts.csv")).toBeUndefined();
    expect(await documentType(Buffer.from([0x50, 0x61, 0xff, 0xfe, 0x2c]), "parts.csv")).toBeUndefined();
    expect(await documentType(Buffer.from(partsCsv), "parts.txt")).toBeUndefined();
    expect(await documentType(samplePdf, "drawing.csv")).toBeUndefined();
  });
});

describeDatabase("spreadsheets and Word files from the buyer's e-mail", (target) => {
  const db = () => target.database.db;
  let desk: MailDesk;
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox restart identity cascade`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "documents-"));
    desk = { db: db(), storage: createFsStorage(dir), incomingDir: path.join(dir, ".in"), salesAddress: "s@x.example" };
  });

  async function download(id: number) {
    const context = new RouterContextProvider();
    context.set(servicesContext, { database: target.database, storage: desk.storage } as unknown as Services);
    return (await attachmentLoader({
      params: { id: String(id) },
      request: new Request(`https://desk.example/desk/attachments/${id}`),
      context,
    } as never)) as Response;
  }

  it("keeps xlsx, xls, csv and docx with their type from the bytes, offered as downloads; refuses a disguised one", async () => {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    const raw = await buyerMail({
      subject: `Re: ${reference}`,
      text: "Our parts list and the specification are attached.",
      attachments: [
        { filename: "Parts list.xlsx", content: partsXlsx },
        { filename: "Old list.xls", content: compoundFile("Workbook") },
        { filename: "parts.csv", content: partsCsv, contentType: "text/csv" },
        { filename: "Specification.docx", content: docx("Food-grade grease only") },
        { filename: "invoice.xlsx", content: zip({ "payload.exe": "MZ" }) },
      ],
    });
    expect(await joinMail(raw, desk)).toBe("joined");
    const [message] = await db()
      .select()
      .from(quoteMessages)
      .where(eq(quoteMessages.quoteId, quote?.id ?? 0));
    expect(message?.notKept).toEqual(["invoice.xlsx (122 bytes): not a photo, a PDF, a spreadsheet or a Word file"]);
    const files = await db()
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, message?.id ?? 0));
    expect(files.map((f) => [f.fileName, f.contentType, f.storageKey.split(".").pop()])).toEqual([
      ["Parts list.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"],
      ["Old list.xls", "application/vnd.ms-excel", "xls"],
      ["parts.csv", "text/csv", "csv"],
      ["Specification.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
    ]);
    const csv = await download(files[2]?.id ?? 0);
    expect(csv.headers.get("content-type")).toBe("text/csv");
    expect(csv.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''parts.csv");
    expect(await csv.text()).toBe(partsCsv);
    const sheet = await download(files[0]?.id ?? 0);
    expect(sheet.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''Parts%20list.xlsx");
    expect(Buffer.from(await sheet.arrayBuffer()).equals(partsXlsx)).toBe(true);
  });
});
