import { statusLabels } from "#app/desk/labels.ts";
import { spreadsheetTime } from "#app/lib/london-time.ts";
import { categoryLabel, urgencyLabel } from "#app/quote/schema.ts";
import type { quotes } from "#db/schema.ts";

// The one CSV shape of a quote request, for the desk's export and the operator command alike: the same
// columns, labels and times, each adding columns of its own after these.

type QuoteFields = Pick<
  typeof quotes.$inferSelect,
  | "reference"
  | "createdAt"
  | "status"
  | "urgency"
  | "category"
  | "customerName"
  | "company"
  | "email"
  | "phone"
  | "requirements"
>;

export const quoteCsvHeader = [
  "Reference",
  "Received",
  "Status",
  "Urgency",
  "Category",
  "Name",
  "Company",
  "E-mail",
  "Phone",
  "Requirements",
];

export function quoteCsvCells(q: QuoteFields) {
  return [
    q.reference,
    spreadsheetTime(q.createdAt),
    statusLabels[q.status],
    urgencyLabel(q.urgency),
    categoryLabel(q.category ?? undefined),
    q.customerName,
    q.company ?? "",
    q.email,
    q.phone ?? "",
    q.requirements,
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
