import { randomInt } from "node:crypto";
import { londonDay } from "#app/lib/london-time.ts";

// Crockford base32: no I, L, O or U, so a reference read out over the phone is unambiguous.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const referencePattern = /^Q-\d{6}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** Q-YYMMDD-XXXXX, dated in UK time: short enough to quote on the phone, and sortable by day. */
export function newReference(now = new Date()) {
  const day = londonDay(now).slice(2).replaceAll("-", "");
  let suffix = "";
  for (let i = 0; i < 5; i++) suffix += crockford[randomInt(crockford.length)];
  return `Q-${day}-${suffix}`;
}
