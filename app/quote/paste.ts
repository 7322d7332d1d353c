import { type PartsLine, partsLimits } from "#app/quote/parts.ts";

/** What a pasted list became: its lines, and how many rows were left out beyond the limit. */
export type PastedList = { lines: PartsLine[]; dropped: number };

const quantityCell = /^(\d{1,3}(?:,\d{3})+|\d{1,5})\s*(?:pcs?|off|no|ea|x)?\.?$/i;
/** "4 x 6205-2RS", "4x 6205", "4 off 6205", "4 pcs 6205". */
const leadingQuantity = /^(\d{1,5})\s*(?:x|×|\*|off|pcs?|no\.?)\s+(.+)$/i;
/** "6205-2RS x 4", "6205-2RS × 4". */
const trailingQuantity = /^(.+?)\s+(?:x|×|\*)\s*(\d{1,5})$/i;
const headerWords =
  /^(part|part\s*(no|number|#)|item|code|description|desc|qty|quantity|brand|make|manufacturer|no\.?)$/i;
const headerRoles = {
  part: /^(part|part\s*(no|number|#)|code|description|desc)$/i,
  item: /^item$/i,
  quantity: /^(qty|quantity)$/i,
  brand: /^(brand|make|manufacturer)$/i,
};

/** Which column holds what, as a header row names them; the part is its part and description columns. */
type Columns = { part: number[]; quantity?: number; brand?: number };

function columnsOf(cells: string[]): Columns | undefined {
  const at = (role: RegExp) => cells.flatMap((cell, i) => (role.test(cell) ? [i] : []));
  const part = at(headerRoles.part);
  const columns: Columns = { part: part.length > 0 ? part : at(headerRoles.item) };
  const [quantity] = at(headerRoles.quantity);
  const [brand] = at(headerRoles.brand);
  if (quantity !== undefined) columns.quantity = quantity;
  if (brand !== undefined) columns.brand = brand;
  return columns.part.length > 0 ? columns : undefined;
}

/** A row read by its header's columns: no guessing which number is the quantity ("Qty, Part no": 4, 6205). */
function readColumns(cells: string[], columns: Columns): PartsLine | undefined {
  const part = columns.part
    .map((i) => cells[i] ?? "")
    .filter(Boolean)
    .join(" ");
  if (!part) return undefined;
  const quantity = columns.quantity === undefined ? undefined : quantityOf(cells[columns.quantity] ?? "");
  const line: PartsLine = { part: part.slice(0, partsLimits.part), quantity: quantity ?? 1 };
  const brand = columns.brand === undefined ? undefined : cells[columns.brand];
  if (brand) line.brand = brand.slice(0, partsLimits.brand);
  return line;
}

/**
 * Splits on the row's separator, honouring "quoted, cells" as spreadsheets write them: a quote opens a
 * cell only at its start, so an inch mark (1/2" BSP) is part of the text. Empty cells are kept, in place.
 */
function splitRow(row: string) {
  const unquoted = row.replace(/"[^"]*"/g, "");
  const separator = [",", ";", "\t"].reduce<string | undefined>(
    (found, candidate) => (unquoted.includes(candidate) ? candidate : found),
    undefined,
  );
  if (!separator) return [row.replace(/^"(.*)"$/, "$1").trim()];
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (c === '"' && (quoted || cell.trim() === "")) {
      if (quoted && row[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === separator && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((value) => value.trim());
}

function quantityOf(cell: string) {
  const match = quantityCell.exec(cell);
  const quantity = match ? Number(match[1]?.replaceAll(",", "")) : 0;
  return quantity >= 1 ? quantity : undefined;
}

function readRow(cells: string[]): PartsLine | undefined {
  if (cells.length === 1) {
    const cell = cells[0] ?? "";
    const leading = leadingQuantity.exec(cell);
    if (leading?.[1] && leading[2]) return { part: leading[2].trim(), quantity: Math.max(1, Number(leading[1])) };
    const trailing = trailingQuantity.exec(cell);
    if (trailing?.[1] && trailing[2]) return { part: trailing[1].trim(), quantity: Math.max(1, Number(trailing[2])) };
    return { part: cell, quantity: 1 };
  }
  // The quantity is the last number after the first cell ("part, qty"), or the first cell ("qty, part").
  let quantityAt = -1;
  for (let i = cells.length - 1; i >= 1; i--) {
    if (quantityOf(cells[i] ?? "") !== undefined) {
      quantityAt = i;
      break;
    }
  }
  if (quantityAt === -1 && quantityOf(cells[0] ?? "") !== undefined) quantityAt = 0;
  const quantity = quantityAt === -1 ? 1 : (quantityOf(cells[quantityAt] ?? "") ?? 1);
  const rest = cells.filter((_, i) => i !== quantityAt);
  const [part, ...others] = rest;
  if (!part) return undefined;
  // A short last cell reads as a brand ("SKF"); longer ones are description and stay with the part.
  const last = others.at(-1);
  const brand = last && last.length <= 30 && last.split(/\s+/).length <= 3 ? last : undefined;
  const description = brand ? others.slice(0, -1) : others;
  const line: PartsLine = { part: [part, ...description].join(" ").slice(0, partsLimits.part), quantity };
  if (brand) line.brand = brand.slice(0, partsLimits.brand);
  return line;
}

/**
 * A row holds a part (200 characters), a brand (80), a quantity and perhaps a few cells of description. A row
 * far longer is not a parts list's, and cutting it keeps the patterns above from working through a sent
 * spreadsheet's 100,000-character row (seconds each) on the server.
 */
const maxRowLength = 2000;
const withinRowLength = (row: string) =>
  row.length <= maxRowLength ? row : row.slice(0, maxRowLength).replace(/[\uD800-\uDBFF]$/, "");

/**
 * Reads rows pasted from a spreadsheet or typed as text: tab, semicolon or comma separated, in the
 * forms "qty x part" and "part, qty" (with an optional brand), skipping blank rows and a header row.
 */
export function parsePastedList(text: string, room: number = partsLimits.lines): PastedList {
  const rows = text
    .split(/\r\n|\r|\n/)
    .map((row) =>
      withinRowLength(row)
        .replace(/\p{Cc}/gu, (c) => (c === "\t" ? c : " "))
        .trim(),
    )
    .filter(Boolean);
  const lines: PartsLine[] = [];
  let columns: Columns | undefined;
  rows.forEach((row, index) => {
    const cells = splitRow(row);
    const filled = cells.filter(Boolean);
    if (index === 0 && filled.length > 0 && filled.every((cell) => headerWords.test(cell))) {
      columns = columnsOf(cells);
      return;
    }
    const line = columns && cells.length > 1 ? readColumns(cells, columns) : readRow(filled);
    if (line) lines.push(line);
  });
  const kept = lines.slice(0, Math.max(0, room));
  return { lines: kept, dropped: lines.length - kept.length };
}

/** A paste is a list when it has more than one row or is separated into cells. */
export const looksLikeList = (text: string) => /[\r\n]/.test(text.trim()) || /\t/.test(text);
