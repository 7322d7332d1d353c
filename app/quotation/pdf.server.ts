import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { quotationPdfText as words } from "#app/content/quotation.ts";
import { type Site, tradeCounterAddress } from "#app/content/site.ts";
import { formatDay, londonDay } from "#app/lib/london-time.ts";
import type { CheckedQuotation } from "#app/quotation/draft.ts";
import { formatPence, percentText } from "#app/quotation/money.ts";

const require = createRequire(import.meta.url);
// A Unicode font, embedded: the PDF's built-in fonts cover Western European text only (ADR 0015).
const fonts = {
  body: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

export type QuotationDocument = {
  site: Site;
  reference: string;
  revision: number | null;
  buyer: { name: string; company: string | null; email: string };
  content: CheckedQuotation;
  issuedAt: Date;
};

type Doc = InstanceType<typeof PDFDocument>;

/** The printable area of the page. */
function area(doc: Doc) {
  const left = doc.page.margins.left;
  return {
    left,
    width: doc.page.width - left - doc.page.margins.right,
    bottom: () => doc.page.height - doc.page.margins.bottom,
  };
}

/** The company, the quotation's number and dates, and the buyer. */
function writeHeading(doc: Doc, input: QuotationDocument, label: string) {
  const { site, content } = input;
  const { left } = area(doc);
  doc.font("bold").fontSize(18).text(site.name, left, 48);
  doc.font("body").fontSize(9).fillColor("#333333");
  doc.text(tradeCounterAddress(site));
  doc.text(`Tel ${site.phoneDisplay} · ${site.email}`);
  doc.text(`Company number ${site.companyNumber} · VAT number ${site.vatNumber}`);
  doc.moveDown(1.2).fillColor("#000000");
  doc.font("bold").fontSize(16).text(`${words.title} ${label}`);
  doc.font("body").fontSize(10);
  doc.text(`Date: ${formatDay(londonDay(input.issuedAt))}`);
  doc.text(`${words.validUntil}: ${formatDay(content.validUntil)}`);
  doc.moveDown(0.6);
  doc.font("bold").text("For:");
  doc.font("body").text([input.buyer.name, input.buyer.company, input.buyer.email].filter(Boolean).join("\n"));
  doc.moveDown(1);
}

/** A table of the lines, one row per line, carried over to a new page where it runs out. */
function writeLines(doc: Doc, lines: CheckedQuotation["lines"]) {
  const { left, width, bottom } = area(doc);
  // Columns: # | description | qty | unit | availability | total.
  const columns = [24, width - 24 - 44 - 76 - 90 - 80, 44, 76, 90, 80];
  const xs = columns.map((_, i) => left + columns.slice(0, i).reduce((a, b) => a + b, 0));
  const row = (cells: string[], font: "body" | "bold") => {
    doc.font(font).fontSize(9);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: (columns[i] ?? 0) - 6 }));
    const height = Math.max(...heights) + 6;
    if (doc.y + height > bottom()) doc.addPage();
    const top = doc.y;
    cells.forEach((cell, i) => {
      const align = i === 2 || i === 3 || i === 5 ? "right" : "left";
      doc.text(cell, (xs[i] ?? left) + 3, top + 3, { width: (columns[i] ?? 0) - 6, align });
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .strokeColor("#cccccc")
      .stroke();
    doc.x = left;
    doc.y = top + height;
  };
  row([...words.columns], "bold");
  lines.forEach((line, i) => {
    const detail = [
      line.description,
      line.part && line.part !== line.description ? `Part: ${line.part}` : "",
      line.brand ? `Brand: ${line.brand}` : "",
      line.alternative ? `Alternative offered: ${line.alternative}` : "",
      line.note,
    ].filter(Boolean);
    row(
      [
        String(i + 1),
        detail.join("\n"),
        String(line.quantity),
        formatPence(line.unitPence),
        line.availabilityText,
        formatPence(line.totalPence),
      ],
      "body",
    );
  });
}

/** Delivery, net, VAT and the total, right-aligned; then payment terms, validity and the note on prices. */
function writeTotalsAndTerms(doc: Doc, content: CheckedQuotation) {
  const { left, width, bottom } = area(doc);
  const totals: [string, string][] = [
    [words.delivery, formatPence(content.deliveryPence)],
    [words.net, formatPence(content.netPence)],
    [`${words.vat} at ${percentText(content.vatBasisPoints)}`, formatPence(content.vatPence)],
    [words.gross, formatPence(content.grossPence)],
  ];
  doc.moveDown(0.5);
  for (const [name, value] of totals) {
    if (doc.y + 16 > bottom()) doc.addPage();
    const top = doc.y;
    doc.font(name === words.gross ? "bold" : "body").fontSize(10);
    doc.text(name, left, top, { width: width - 90, align: "right" });
    doc.text(value, left + width - 86, top, { width: 86, align: "right" });
    doc.x = left;
  }
  doc.moveDown(1);
  doc.font("bold").fontSize(10).text(`${words.paymentTerms}: `, { continued: true });
  doc.font("body").text(content.paymentTerms);
  doc.font("bold").text(`${words.validUntil}: `, { continued: true });
  doc.font("body").text(formatDay(content.validUntil));
  doc.moveDown(0.5).fontSize(9).fillColor("#333333").text(words.pricesNote);
}

/** The quotation as an A4 PDF: the company's identity, the buyer, every line, the totals, validity and terms. */
export function renderQuotationPdf(input: QuotationDocument): Promise<Buffer> {
  const { site, content } = input;
  const label = input.revision === null ? `${input.reference} (draft)` : `${input.reference}/${input.revision}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: `${words.title} ${label}`, Author: site.name },
  });
  doc.registerFont("body", fonts.body);
  doc.registerFont("bold", fonts.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  writeHeading(doc, input, label);
  writeLines(doc, content.lines);
  writeTotalsAndTerms(doc, content);
  doc.end();
  return done;
}
