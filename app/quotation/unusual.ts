import type { CheckedQuotation } from "#app/quotation/draft.ts";
import { formatPence } from "#app/quotation/money.ts";

/** A line total or a quotation over £100,000 is asked about before it leaves. */
export const largePence = 10_000_000;
/** A price more than 5 times (or under a fifth of) the same part's in an earlier revision is asked about. */
export const priceRatio = 5;

/** The latest price each part had in the request's sent revisions, and which revision that was. */
export type PriceHistory = Map<string, { pence: number; revision: string }>;

type PricedLine = Pick<CheckedQuotation["lines"][number], "part" | "description" | "unitPence">;

/** Lines are the same item when they have the same part number (or, without one, the same description). */
export const itemKey = (line: Pick<PricedLine, "part" | "description">) =>
  (line.part.trim() || line.description.trim()).toLowerCase().replace(/\s+/g, " ");

/** Earlier revisions, oldest first: a later revision's price replaces an earlier one's. */
export function priceHistory(revisions: { revision: string; lines: PricedLine[] }[]): PriceHistory {
  const history: PriceHistory = new Map();
  for (const { revision, lines } of revisions)
    for (const line of lines)
      if (line.unitPence !== null && itemKey(line)) history.set(itemKey(line), { pence: line.unitPence, revision });
  return history;
}

const named = (line: PricedLine, index: number) => `Line ${index + 1} (${line.part.trim() || line.description.trim()})`;

/**
 * What a sender should look at twice before a quotation leaves: a price far from the one this request was
 * quoted before (a slipped decimal point), and any line or total over £100,000.
 */
export function unusualFigures(
  quotation: { lines: (PricedLine & { totalPence: number | null })[]; grossPence: number },
  history: PriceHistory,
) {
  const found: string[] = [];
  quotation.lines.forEach((line, index) => {
    const before = history.get(itemKey(line));
    const pence = line.unitPence;
    if (pence !== null && before && before.pence > 0) {
      const ratio = pence / before.pence;
      if (ratio > priceRatio || ratio < 1 / priceRatio)
        found.push(
          `${named(line, index)}: ${formatPence(pence)} each, where ${before.revision} had ${formatPence(before.pence)}.`,
        );
    }
    if (line.totalPence !== null && line.totalPence > largePence)
      found.push(`${named(line, index)} comes to ${formatPence(line.totalPence)}.`);
  });
  if (quotation.grossPence > largePence)
    found.push(`The quotation comes to ${formatPence(quotation.grossPence)} including VAT.`);
  return found;
}

/**
 * Names exactly what the sender was shown, so "Send anyway" sends only what they saw: a price changed
 * after the question is asked about again. FNV-1a; it guards against a slip, not an attacker.
 */
export function unusualKey(found: string[]) {
  let hash = 0x811c9dc5;
  for (const char of found.join("\n")) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
