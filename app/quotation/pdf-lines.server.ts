import type PDFDocument from "pdfkit";
import { quotationPdfText as words } from "#app/content/quotation.ts";
import type { CheckedQuotation } from "#app/quotation/draft.ts";
import { formatPence } from "#app/quotation/money.ts";
import type { FontName, Printable } from "#app/quotation/pdf-fonts.server.ts";

type Doc = InstanceType<typeof PDFDocument>;
type Line = CheckedQuotation["lines"][number];

const fontSize = 9;
/** The column headings' row: drawn just above the top margin on every page the lines continue on. */
export const headingsHeight = 18;
const right = { x: "right" } as const;
// # | description | qty | unit price | availability | total; the description takes the width left over.
const columnStyles = [
  { width: 22 },
  { width: "*" },
  { width: 40, align: right },
  { width: 70, align: right },
  { width: 84 },
  { width: 76, align: right },
];

const cell = (printable: Printable, text: string, name: FontName) => {
  const { font, text: shown } = printable(text, name);
  return { text: shown, font: { src: font, size: fontSize } };
};

function lineCells(printable: Printable, line: Line, index: number) {
  const detail = [
    line.description,
    line.part && line.part !== line.description ? `Part: ${line.part}` : "",
    line.brand ? `Brand: ${line.brand}` : "",
    line.alternative ? `Alternative offered: ${line.alternative}` : "",
    line.note,
  ].filter(Boolean);
  const money = (pence: number | null) => (pence === null ? words.poa : formatPence(pence));
  return [
    String(index + 1),
    detail.join("\n"),
    String(line.quantity),
    money(line.unitPence),
    line.availabilityText,
    money(line.totalPence),
  ].map((text) => cell(printable, text, "body"));
}

function writeHeadings(doc: Doc, printable: Printable, y: number) {
  doc.table({
    position: { x: doc.page.margins.left, y },
    columnStyles,
    rowStyles: { height: headingsHeight },
    defaultStyle: { border: [0, 0, 1, 0], borderColor: "#333333", padding: 3 },
    data: [words.columns.map((heading) => cell(printable, heading, "bold"))],
  });
}

/**
 * The lines as a pdfkit table, which moves a row that does not fit to the next page whole. The table
 * has no header rows that repeat, so the column headings are drawn on each page it adds (ADR 0015).
 */
export function writeLines(doc: Doc, printable: Printable, lines: CheckedQuotation["lines"]) {
  const onNewPage = () => writeHeadings(doc, printable, doc.page.margins.top - headingsHeight);
  doc.on("pageAdded", onNewPage);
  // Headings with no room for a line under them start the next page instead.
  if (doc.y + headingsHeight + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  else writeHeadings(doc, printable, doc.y);
  const table = doc.table({
    position: { x: doc.page.margins.left, y: doc.y },
    columnStyles,
    defaultStyle: { border: [0, 0, 0.5, 0], borderColor: "#cccccc", padding: 3 },
  });
  lines.forEach((line, i) => {
    table.row(lineCells(printable, line, i));
  });
  table.end();
  doc.off("pageAdded", onNewPage);
  doc.x = doc.page.margins.left;
}
