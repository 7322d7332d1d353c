import PDFDocument from "pdfkit";
import { quotationPdfText as words } from "#app/content/quotation.ts";
import { type Site, tradeCounterAddress, tradingDisclosures } from "#app/content/site.ts";
import { formatDay, londonDay } from "#app/lib/london-time.ts";
import type { CheckedQuotation } from "#app/quotation/draft.ts";
import { formatPence, percentText } from "#app/quotation/money.ts";
import { type FontName, type Printable, quotationFonts } from "#app/quotation/pdf-fonts.server.ts";
import { headingsHeight, writeLines } from "#app/quotation/pdf-lines.server.ts";

export type QuotationDocument = {
  site: Site;
  reference: string;
  revision: number | null;
  buyer: { name: string; company: string | null; email: string };
  content: CheckedQuotation;
  issuedAt: Date;
  /** The staff member previewing a draft; a sent revision names who sent it in its content. */
  sender?: { name: string; email: string } | null;
};

type Doc = InstanceType<typeof PDFDocument>;
type TextOptions = PDFKit.Mixins.TextOptions;

// Above the top margin: the running header (pages 2 on) and the column headings; below the bottom margin:
// the company's disclosures and the page number.
const margins = { top: 58 + headingsHeight, bottom: 80, left: 48, right: 48 };

/** Text in a font that has its glyphs (pdf-fonts.server.ts), written, or measured before it is written. */
function pen(doc: Doc, printable: Printable) {
  const use = (font: FontName, size: number, text: string) => {
    const shown = printable(text, font);
    doc.font(shown.font).fontSize(size);
    return shown.text;
  };
  return {
    write: (font: FontName, size: number, text: string, options: TextOptions = {}) =>
      doc.text(use(font, size, text), options),
    writeAt: (font: FontName, size: number, text: string, x: number, y: number, options: TextOptions = {}) =>
      doc.text(use(font, size, text), x, y, options),
    height: (font: FontName, size: number, text: string, width: number) =>
      doc.heightOfString(use(font, size, text), { width }),
  };
}
type Pen = ReturnType<typeof pen>;

const width = (doc: Doc) => doc.page.width - margins.left - margins.right;
const maxY = (doc: Doc) => doc.page.height - margins.bottom;

/** The company, the quotation's number, revision and dates. */
function writeHeading(doc: Doc, pen: Pen, input: QuotationDocument, label: string) {
  const { site, content, revision, reference } = input;
  pen.writeAt("bold", 18, site.name, margins.left, 36);
  doc.fillColor("#333333");
  pen.write("body", 9, tradeCounterAddress(site));
  pen.write("body", 9, `Tel ${site.phoneDisplay} · ${site.email}`);
  doc.moveDown(1.2).fillColor("#000000");
  pen.write("bold", 16, `${words.title} ${label}`);
  if (revision !== null && revision > 1)
    pen.write("body", 10, words.supersedes(revision, `${reference}/${revision - 1}`));
  pen.write("body", 10, `${words.date}: ${formatDay(londonDay(input.issuedAt))}`);
  pen.write("body", 10, `${words.validUntil}: ${formatDay(content.validUntil)}`);
  doc.moveDown(0.8);
}

/** Who it is for (with their reference and delivery address) beside who to ask at our side. */
function writeParties(doc: Doc, pen: Pen, input: QuotationDocument) {
  const { site, content, buyer } = input;
  const column = (width(doc) - 20) / 2;
  const top = doc.y;
  pen.writeAt("bold", 10, words.for, margins.left, top, { width: column });
  pen.write("body", 10, [buyer.name, buyer.company, buyer.email].filter(Boolean).join("\n"), { width: column });
  if (content.buyerReference)
    pen.write("body", 10, `${words.buyerReference}: ${content.buyerReference}`, { width: column });
  if (content.deliveryAddress) {
    doc.moveDown(0.4);
    pen.write("bold", 10, words.deliveryAddress, { width: column });
    pen.write("body", 10, content.deliveryAddress, { width: column });
  }
  const leftEnd = doc.y;
  const sender = input.sender ?? content.sender;
  const contact = sender ? [sender.name, sender.email] : [words.salesOffice, site.email];
  pen.writeAt("bold", 10, words.contact, margins.left + column + 20, top, { width: column });
  pen.write("body", 10, [...contact, `Tel ${site.phoneDisplay}`].join("\n"), { width: column });
  doc.x = margins.left;
  doc.y = Math.max(leftEnd, doc.y) + 14;
}

/**
 * The totals (net, delivery, VAT, total), the note on lines priced on application, the terms and the note
 * on prices, measured first (draw false) so the block goes on one page: the next one when it does not fit.
 * Returns its height.
 */
function closing(doc: Doc, pen: Pen, content: CheckedQuotation, draw: boolean) {
  const full = width(doc);
  const top = doc.y;
  let y = top + 8;
  type Cell = [FontName, number, string, number, number, TextOptions["align"]];
  const row = (...cells: Cell[]) => {
    const heights = cells.map(([font, size, text, , w]) => pen.height(font, size, text, w));
    if (draw)
      for (const [font, size, text, x, w, align] of cells) pen.writeAt(font, size, text, x, y, { width: w, align });
    y += Math.max(...heights);
  };
  const totals: [string, number, FontName][] = [
    [words.delivery, content.deliveryPence, "body"],
    [words.net, content.netPence, "body"],
    [`${words.vat} at ${percentText(content.vatBasisPoints)}`, content.vatPence, "body"],
    [words.gross, content.grossPence, "bold"],
  ];
  for (const [name, pence, font] of totals)
    row(
      [font, 10, name, margins.left, full - 90, "right"],
      [font, 10, formatPence(pence), margins.left + full - 86, 86, "right"],
    );
  if (content.lines.some((line) => line.unitPence === null))
    row(["body", 9, words.poaNote, margins.left, full, "right"]);
  y += 12;
  const terms: [string, string | undefined][] = [
    [words.paymentTerms, content.paymentTerms],
    [words.deliveryTerms, content.deliveryTerms],
    [words.validUntil, formatDay(content.validUntil)],
  ];
  for (const [name, value] of terms) {
    if (value)
      row(["bold", 10, name, margins.left, 110, "left"], ["body", 10, value, margins.left + 114, full - 114, "left"]);
    y += 3;
  }
  y += 6;
  if (draw) doc.fillColor("#333333");
  row(["body", 9, words.pricesNote, margins.left, full, "left"]);
  if (draw) doc.fillColor("#000000");
  return y - top;
}

/** The running header on every page after the first, and the disclosures and page number on every page. */
function writePageFurniture(doc: Doc, pen: Pen, input: QuotationDocument, label: string) {
  const { start, count } = doc.bufferedPageRange();
  const full = width(doc);
  const stamp = `${words.title} ${label} · ${formatDay(londonDay(input.issuedAt))}`;
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    // Writing below the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const bottom = doc.page.height;
    if (i > 0) {
      pen.writeAt("bold", 10, input.site.name, margins.left, 30, { width: full / 2, lineBreak: false });
      pen.writeAt("body", 9, stamp, margins.left + full / 2, 31, { width: full / 2, align: "right", lineBreak: false });
      doc
        .moveTo(margins.left, 47)
        .lineTo(margins.left + full, 47)
        .lineWidth(0.5)
        .strokeColor("#999999")
        .stroke();
    }
    doc.fillColor("#555555");
    pen.writeAt("body", 7.5, tradingDisclosures(input.site), margins.left, bottom - 72, {
      width: full,
      height: 28,
      ellipsis: true,
    });
    doc.fillColor("#000000");
    pen.writeAt("body", 9, words.page(i + 1, count), margins.left, bottom - 38, {
      width: full,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = margins.bottom;
  }
}

/**
 * The quotation as an A4 PDF: the company's identity and disclosures, the buyer, every line (the column
 * headings on every page, no line split), the totals and terms together, and "Page n of m" on each page.
 */
export function renderQuotationPdf(input: QuotationDocument): Promise<Buffer> {
  const { site, content } = input;
  const label =
    input.revision === null ? `${input.reference} (${words.draft})` : `${input.reference}/${input.revision}`;
  const doc = new PDFDocument({
    size: "A4",
    margins,
    bufferPages: true,
    info: { Title: `${words.title} ${label}`, Author: site.name },
  });
  const printable = quotationFonts(doc);
  const write = pen(doc, printable);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  writeHeading(doc, write, input, label);
  writeParties(doc, write, input);
  writeLines(doc, printable, content.lines);
  if (doc.y + closing(doc, write, content, false) > maxY(doc)) doc.addPage();
  closing(doc, write, content, true);
  writePageFurniture(doc, write, input, label);
  doc.end();
  return done;
}
