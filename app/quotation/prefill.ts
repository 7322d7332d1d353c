import { categories } from "#app/content/catalogue.ts";
import type { DraftLine } from "#app/quotation/draft.ts";

/** A line of the buyer's parts list as stored: one box of text, a quantity and, if they gave one, a brand. */
export type BuyerLine = { part: string; quantity: number; brand?: string | null };

/**
 * The brands the company stocks, by every name a buyer writes them: "INA/FAG" is also "INA" and "FAG".
 * Longest first, so "NEW TECH LUBES" wins over "NEW TEC".
 */
const brandNames = (() => {
  const names = new Map<string, string>();
  for (const category of categories)
    for (const { name } of category.brands)
      for (const alias of [name, ...(/[/-]/.test(name) ? name.split(/[/-]/) : [])])
        if (alias.trim().length >= 2) names.set(alias.trim().toLowerCase(), alias.trim());
  return [...names.entries()].sort(([a], [b]) => b.length - a.length);
})();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// A brand is a whole word (or words): "SKF" in "6205 SKF", never in "SKF6205" or "Gatesway".
const brandPattern = (name: string) =>
  new RegExp(`(^|[\\s,(])${escapeRegExp(name).replace(/ /g, "\\s+")}(?=$|[\\s,)])`, "i");
const brandPatterns = brandNames.map(([lower, name]) => [brandPattern(lower), name] as const);

/** Words that only count items; other pack words ("boxes", "rolls") say what the quantity counts and are kept. */
const countWords = "pcs|pc|pieces?|off|ea|each|no\\.?|nos|units?|qty";
const packWords = "boxes|box|packs?|rolls?|pairs?|sets?|bags?|tins?|tubes?|cans?|reels?|kits?|lengths?|drums?|cartons?";
const unit = `(?:\\s+(${countWords}|${packWords}))?`;

/** Where a quantity may be written, each as a whole word at the start or end of the line. */
const quantityForms: RegExp[] = [
  new RegExp(`\\s+(?:x|×|\\*)\\s*(\\d{1,6})${unit}\\.?$`, "i"), // "6205 x10", "gloves x 20 boxes"
  /\s+(\d{1,6})\s*(?:x|×)$/i, // "6205 10x"
  new RegExp(`\\s+(?:qty|quantity)[:.]?\\s*(\\d{1,6})${unit}$`, "i"), // "6205 qty 10"
  new RegExp(`\\s+(\\d{1,6})\\s*(${countWords}|${packWords})\\.?$`, "i"), // "6205 10 off", "6205 10pcs"
  /^(\d{1,6})\s*(?:x|×|\*)\s+/i, // "10x 6205", "10 x 6205"
  new RegExp(`^(?:qty|quantity)[:.]?\\s*(\\d{1,6})${unit}\\s+`, "i"), // "qty 10 6205"
  new RegExp(`^(\\d{1,6})\\s*(${countWords}|${packWords})\\.?\\s+`, "i"), // "10 off 6205", "4 boxes gloves"
];

/** Sizes and amounts ("300mm", "1/2\"", "50ml", "2.5kg") describe an item; they are not its part number. */
const measure =
  /^(?:\d+(?:[.,]\d+)?(?:mm|cm|m|in|"|ml|l|ltr|litres?|kg|g|v|vac|vdc|w|kw|hp|a|amp|bar|psi|nm|rpm|°c|core|way)|\d+\/\d+"?)$/i;
/** A size in a chain of sizes ("45 x 62 x 8", "M10 x 30"): an "x" after it is a dimension, not a quantity. */
const dimension = /^(?:\d{1,3}(?:\.\d+)?|m\d+(?:\.\d+)?)$/i;
const times = /^(?:x|×)$/i;

const bare = (token: string) => token.replace(/^[("']+|[)"',;:]+$/g, "");

/** A token that reads as a part number: letters and digits together ("6205-2RS", "M10x30"), or 4+ digits. */
function isCode(token: string) {
  const text = bare(token);
  if (!/\d/.test(text) || measure.test(text)) return false;
  return /^\d{4,}$/.test(text) || /^\d+-\d+/.test(text) || (/[a-z]/i.test(text) && /^[\w./-]+$/.test(text));
}

/**
 * "10 x 6205" counts ten; "2 x 4 timber" and "seal 45 x 62 x 8" are sizes. A pack word always counts, and so
 * does a quantity named as one ("M10 qty 5").
 */
function isDimension(text: string, match: RegExpExecArray) {
  if (match[2] || !/[x×*]/i.test(match[0])) return false;
  const before = text.slice(0, match.index).trim().split(" ").at(-1) ?? "";
  const after =
    text
      .slice(match.index + match[0].length)
      .trim()
      .split(" ")[0] ?? "";
  return match.index === 0 ? dimension.test(bare(after)) && !/^\d{4,}$/.test(after) : dimension.test(bare(before));
}

function takeQuantity(text: string) {
  for (const form of quantityForms) {
    const match = form.exec(text);
    const quantity = Number(match?.[1]);
    if (!match || !(quantity >= 1) || isDimension(text, match)) continue;
    const pack = match[2] && new RegExp(`^(${packWords})$`, "i").test(match[2]) ? match[2].toLowerCase() : "";
    const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.trim();
    if (rest) return { quantity, rest, pack };
  }
  return undefined;
}

/** The given brand's own words first (a brand we do not stock too), else any brand we stock. */
function brandsToFind(given: string): (readonly [RegExp, string])[] {
  if (!given) return brandPatterns;
  const words = [given, ...(/[/-]/.test(given) ? given.split(/[/-]/) : [])].filter((w) => w.trim().length >= 2);
  return words.map((word) => [brandPattern(word.trim()), given] as const);
}

function takeBrand(text: string, given: string) {
  for (const [pattern, name] of brandsToFind(given)) {
    const match = pattern.exec(text);
    if (!match) continue;
    const rest = `${text.slice(0, match.index)}${match[1]} ${text.slice(match.index + match[0].length)}`
      .replace(/\s+/g, " ")
      .replace(/^[\s,]+|[\s,]+$/g, "");
    if (rest) return { brand: name, rest };
  }
  return { brand: given, rest: text };
}

/**
 * Series that buyers and catalogues write apart from the number after them: "NU 2215 ECP" (a cylindrical roller
 * bearing), "UCP 206", "SNL 511", "KM 8", "SPA 1250", "TC 45x62x8". The series is part of the part number.
 */
const seriesWrittenApart = new Set(
  [
    ...["N", "NU", "NJ", "NUP", "NF", "NN", "NNU", "NA", "NK", "NKI", "HK", "BK", "RNA", "QJ", "GE", "NATR", "NUTR"],
    ...["UC", "UCP", "UCF", "UCFL", "UCT", "SY", "SYJ", "FY", "FYH", "SN", "SNL", "KM", "KMT", "H", "AH", "MB"],
    ...["SPZ", "SPA", "SPB", "SPC", "XPZ", "XPA", "XPB", "XPC", "TC", "SC", "TB"],
  ].map((series) => series.toLowerCase()),
);

/** Where the part number starts, and where its first token ends (a series and its number are one). */
function partStart(tokens: string[]) {
  for (const [i, token] of tokens.entries()) {
    const next = bare(tokens[i + 1] ?? "");
    if (seriesWrittenApart.has(bare(token).toLowerCase()) && /^\d/.test(next) && !measure.test(next))
      return { start: i, end: i + 2 };
    if (isCode(token)) return { start: i, end: i + 1 };
  }
  return undefined;
}

/** The first run of part-number-like tokens is the part; the words around it describe the item. */
function splitPart(text: string) {
  const tokens = text.split(/\s+/).filter(Boolean);
  const found = partStart(tokens);
  if (!found) return { part: "", description: text };
  const { start } = found;
  let { end } = found;
  // "6205 2RS" is one part number, and so is "M10 x 30".
  for (;;) {
    if (isCode(tokens[end] ?? "")) end++;
    else if (times.test(tokens[end] ?? "") && /^\d/.test(tokens[end + 1] ?? "")) end += 2;
    else break;
  }
  const part = tokens.slice(start, end).join(" ");
  const description = [...tokens.slice(0, start), ...tokens.slice(end)].join(" ").replace(/^[-–,:\s]+/, "");
  return { part, description };
}

/**
 * A first draft's line from the buyer's parts list: "6205-2RS SKF x10" becomes part 6205-2RS, brand SKF,
 * quantity 10; "Nitrile gloves size 9 x 20 boxes" a description with quantity 20. The part number and the
 * description never repeat each other. A quantity written in the text counts when the buyer left the
 * quantity box at 1 or wrote the same number in it; otherwise the text stays as written.
 */
export function lineFromBuyer(line: BuyerLine): Partial<DraftLine> {
  const text = line.part.replace(/\s+/g, " ").trim();
  const given = (line.brand ?? "").trim();
  const written = takeQuantity(text);
  const counted = written && (line.quantity === 1 || line.quantity === written.quantity) ? written : undefined;
  const { brand, rest } = takeBrand(counted?.rest ?? text, given);
  const { part, description } = splitPart(rest);
  const pack = counted?.pack ?? "";
  return {
    part,
    brand,
    description: !pack ? description : description ? `${description} (${pack})` : `Quantity in ${pack}`,
    quantity: String(counted?.quantity ?? line.quantity),
  };
}
