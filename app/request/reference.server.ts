import { randomInt } from "node:crypto";
import { londonDay } from "#app/lib/london-time.ts";

// Crockford base32: no I, L, O or U, so a reference read out over the phone is unambiguous.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const reference = "Q-\\d{6}-[0-9A-HJKMNP-TV-Z]{5}";

/** A whole reference, as staff type it or a link carries it. */
export const referencePattern = new RegExp(`^${reference}$`);
/** A reference somewhere in a text (an e-mail's subject, a Message-ID), in any case. */
export const referenceInText = new RegExp(`\\b${reference}\\b`, "i");
/** A sent quotation's number: the reference and its revision, `Q-261122-7F3K9/2`. */
export const revisionPattern = new RegExp(`^${reference}/\\d+$`);

/** Q-YYMMDD-XXXXX, dated in UK time: short enough to quote on the phone, and sortable by day. */
export function newReference(now = new Date()) {
  const day = londonDay(now).slice(2).replaceAll("-", "");
  let suffix = "";
  for (let i = 0; i < 5; i++) suffix += crockford[randomInt(crockford.length)];
  return `Q-${day}-${suffix}`;
}
