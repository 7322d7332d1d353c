import { spreadsheetTime } from "#app/lib/london-time.ts";
import { fieldText, inOrder, type RequestField } from "#app/request/fields.ts";
import { statusLabels } from "#app/request/status.ts";
import type { quotes } from "#db/schema.ts";

// The one CSV shape of a quote request, for the desk's export and the operator command alike: the same
// columns, labels and times, each adding columns of its own after these.

/** The request's fields as the CSV has them: how urgent and what first, then who, then their words. */
const csvFields = inOrder(["urgency", "category", "customerName", "company", "email", "phone", "requirements"]);

type CsvRow = Pick<typeof quotes.$inferSelect, "reference" | "createdAt" | "status" | RequestField>;

export const quoteCsvHeader = ["Reference", "Received", "Status", ...csvFields.map((field) => field.label)];

export function quoteCsvCells(q: CsvRow) {
  return [
    q.reference,
    spreadsheetTime(q.createdAt),
    statusLabels[q.status],
    ...csvFields.map((field) => fieldText(field, q, "")),
  ];
}

/** A cell a spreadsheet would run as a formula (= + - @, or a tab or CR first) is prefixed with a quote. */
export function csvCell(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record, CRLF-terminated as RFC 4180 has it. */
export function csvLine(cells: string[]) {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
