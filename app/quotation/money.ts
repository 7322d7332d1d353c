/**
 * Money as whole pence (integers), never floating point. A price is read from the text typed
 * ("1,234.5", "£12", "0.99") digit by digit, so 0.1 + 0.2 never happens.
 */

/** A line may come to at most £10,000,000; with at most maxLines lines every total stays an exact integer. */
export const maxLinePence = 1_000_000_000;

/** "POA" (price on application) typed in a price box, with or without dots, in any case. */
export const isPoa = (text: string) => /^p\.?o\.?a\.?$/i.test(text.trim());

export type PriceReading = { pence: number } | { error: string };

/** "9,60": a comma where the point for pence should be, as typed on a continental keyboard. */
const commaForPence = /^(\d{1,10}),(\d{1,2})$/;
/** Pounds with an optional point and pence; thousands commas only as in 1,234.56. */
const amount = /^(\d{1,3}(?:,\d{3}){1,3}|\d{1,10})(?:\.(\d{1,2}))?$/;

/**
 * An amount of pounds as typed, read strictly: "9,60" is never £960.00 and "9.6.0" never anything, so a
 * slip of the keyboard is named on its box instead of becoming a price.
 */
export function readPrice(text: string): PriceReading {
  const cleaned = text.trim().replace(/^£\s*/, "");
  const comma = commaForPence.exec(cleaned);
  if (comma) return { error: `Use a point for pence, like ${comma[1]}.${(comma[2] ?? "").padEnd(2, "0")}` };
  const match = amount.exec(cleaned);
  if (!match) {
    if ((cleaned.match(/\./g) ?? []).length > 1) return { error: "Use one point, before the pence, like 9.60" };
    if (/^\d+\.\d{3,}$/.test(cleaned)) return { error: "Give at most 2 figures of pence, like 9.65" };
    return { error: "Enter a price in pounds, like 12.50, or POA" };
  }
  return { pence: Number((match[1] ?? "").replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0")) };
}

/** Pence from what was typed, or undefined when it is not an amount of pounds with at most 2 decimals. */
export function penceFrom(text: string): number | undefined {
  const reading = readPrice(text);
  return "pence" in reading ? reading.pence : undefined;
}

const grouped = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "£1,234.50"; formatted from the integer parts, so no rounding happens on the way. */
export function formatPence(pence: number) {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  const pounds = grouped.format(Math.trunc(abs / 100)).replace(/\.00$/, "");
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}

/** As typed into a price box: "1234.50". */
export const penceToText = (pence: number) => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;

/**
 * Net, VAT and gross of a quotation (ADR 0015): each line is quantity × unit price exactly; the net is the
 * lines plus delivery; VAT is charged once, on the net, rounded to the nearest penny with halves up
 * (HMRC allows rounding the VAT of an invoice total to the nearest penny). Rates are in basis points
 * (20 % = 2000), so the arithmetic stays in integers. A line priced on application (unitPence null) has no
 * total and adds nothing.
 */
export function quotationTotals(
  lines: { quantity: number; unitPence: number | null }[],
  deliveryPence: number,
  vatBasisPoints: number,
) {
  const lineTotals = lines.map((line) => (line.unitPence === null ? null : line.quantity * line.unitPence));
  const net = lineTotals.reduce<number>((sum, value) => sum + (value ?? 0), 0) + deliveryPence;
  const vat = Math.floor((net * vatBasisPoints + 5000) / 10_000);
  return { lineTotals, net, vat, gross: net + vat };
}

/** "20" or "17.5" (per cent) as basis points, or undefined. */
export function basisPointsFrom(text: string): number | undefined {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, "").trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export const percentText = (basisPoints: number) =>
  `${Math.trunc(basisPoints / 100)}${
    basisPoints % 100
      ? `.${String(basisPoints % 100)
          .padStart(2, "0")
          .replace(/0$/, "")}`
      : ""
  }%`;
