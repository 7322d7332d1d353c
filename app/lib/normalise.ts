/** Longest query we read; anything longer is cut, never rejected. */
export const MAX_QUERY_LENGTH = 200;

/**
 * Case, accents and odd characters folded away: "KÖBO" → "kobo", "240mm²" → "240mm2", control characters
 * become spaces. Separators are kept here; callers decide whether they matter.
 */
export function fold(text: string) {
  return text
    .slice(0, MAX_QUERY_LENGTH * 2)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/[×✕*]/g, "x")
    .replace(/[″“”]/g, '"')
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

/** Words for the text index: dashes, slashes, dots and spaces all separate ("6205 2rs" = "6205-2RS"). */
export function words(text: string) {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Everything but letters and digits removed: the form part numbers are compared in. */
export const compact = (text: string) => words(text).join("");

const stopWords = new Set([
  "a",
  "an",
  "and",
  "the",
  "for",
  "of",
  "with",
  "to",
  "in",
  "on",
  "at",
  "by",
  "from",
  "my",
  "our",
  "need",
  "want",
  "some",
  "please",
]);

/** Plural and singular meet: "bearings" → "bearing", "couplings" → "coupling", "boxes" → "box". */
export function stem(word: string) {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

/** The index's view of a word; null drops it. */
export function indexTerm(word: string) {
  return stopWords.has(word) ? null : stem(word);
}
