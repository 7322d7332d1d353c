import { compact, fold } from "#app/lib/normalise.ts";

/** A phone number as digits in its national form: "+44 (0)1952 123456" and "01952 123456" meet. */
export function phoneDigits(text: string) {
  return text.replace(/\(0\)/g, "").replace(/\D/g, "").replace(/^44/, "0");
}

/**
 * What the desk's search finds a request by beyond its text: each part as written and compacted the way
 * the public search compares part numbers ("6205 2RS" = "6205-2RS" = "62052RS"), and the phone's digits.
 * Migration 0004 made the same keys for the requests stored before it.
 */
export function searchKeys(parts: string[], phone: string | null | undefined) {
  const keys = parts.flatMap((part) => [fold(part), compact(part)]);
  if (phone) keys.push(phoneDigits(phone));
  return keys.filter(Boolean).join(" ");
}

/**
 * What a request merged into another adds to that one's keys: its own keys (parts, phone), and its reference,
 * buyer, company, address and words, lower-cased as the desk's search reads the request's own.
 */
export function mergedSearchText(other: {
  reference: string;
  customerName: string;
  company: string | null;
  email: string;
  requirements: string;
  searchKeys: string;
}) {
  return [other.searchKeys, other.reference, other.customerName, other.company ?? "", other.email, other.requirements]
    .join(" ")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
